package relay

import "time"

// Defaults for the zero fields of HubOptions.
const (
	DefaultMaxFrameSize  = 16 << 10
	DefaultFrameRate     = 100
	DefaultFrameBurst    = 500
	DefaultMaxRoomsPerIP = 8
	DefaultMaxRooms      = 10000
	DefaultMaxGuests     = 4 // a room hosted by mj-server seats four guests; a page host seats three
	DefaultSendQueue     = 128
	DefaultIdleTimeout   = 60 * time.Second
	DefaultWriteTimeout  = 10 * time.Second
	DefaultRoomGrace     = 5 * time.Minute
)

// Close statuses the relay uses beyond the standard ones. A peer sees
// them as the Status of a *CloseError.
const (
	StatusReplaced     = 4000 // the same host or guest connected again
	StatusKicked       = 4001 // the host removed this guest
	StatusBadRequest   = 4400 // neither ?create nor ?room=CODE
	StatusBadToken     = 4403 // the token fits neither the host nor a guest of the room
	StatusUnknownRoom  = 4404 // no room with this code
	StatusRoomFull     = 4409 // the room has MaxGuests guests connected
	StatusRoomGone     = 4410 // the host did not come back in time
	StatusTooManyRooms = 4429 // MaxRoomsPerIP or MaxRooms reached
)
