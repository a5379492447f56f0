package protocol_test

import (
	"errors"
	"fmt"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

func ExampleParseAction() {
	a, err := protocol.ParseAction("Discard 5B 0")
	if err != nil {
		panic(err)
	}
	if d, ok := a.(engine.PDiscard); ok {
		fmt.Println(d.Tile.Name(), d.Calling)
	}

	_, err = protocol.ParseAction("NoClaim")
	fmt.Println(errors.Is(err, protocol.ErrMissing))
	// Output:
	// Five Bamboo false
	// true
}

func ExampleParseEvent() {
	ev, err := protocol.ParseEvent(`HandScore 2 500 \ 0.5 Limit  500 (all four flowers)`)
	if err != nil {
		panic(err)
	}
	hs := ev.(engine.CHandScore)
	fmt.Printf("%d %q\n", hs.Score, hs.Text)
	fmt.Println(hs)
	// Output:
	// 500 " 0.5 Limit  500 (all four flowers)"
	// HandScore 2 500 \ 0.5 Limit  500 (all four flowers)
}

func ExamplePipe() {
	server, client := protocol.Pipe()
	defer server.Close()
	defer client.Close()

	client.WriteLine(engine.PConnect{Version: engine.ProtocolVersion, Name: "Ann"}.String())
	line, _ := server.ReadLine()
	a, _ := protocol.ParseAction(line)
	fmt.Println(a.(engine.PConnect).Name)

	server.WriteLine(engine.CConnectReply{Version: engine.ProtocolVersion, ID: 1}.String())
	line, _ = client.ReadLine()
	fmt.Printf("%q\n", line)
	// Output:
	// Ann
	// "ConnectReply 1110 1 "
}
