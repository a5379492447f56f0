module mahjong

go 1.26
