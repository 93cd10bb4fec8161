package main

import "testing"

// TestMappedBytes: the run of mappings holding the heap counts as one
// 64 MiB arena when the heap's first allocations straddled two (the maps
// of two starts of the command, the second's heap 128 MiB), so the room
// under an address-space limit is the same on every run.
func TestMappedBytes(t *testing.T) {
	const oneArena = `00402000-020ed000 r-xp 00000000 00:00 1 /tmp/as
291f40000000-291f40c00000 ---p 00000000 00:00 0
291f40c00000-291f41400000 rw-p 00000000 00:00 0
291f41400000-291f44000000 ---p 00000000 00:00 0
7f9a2f400000-7f9a4463e000 ---p 00000000 00:00 0
`
	const twoArenas = `00402000-020ed000 r-xp 00000000 00:00 1 /tmp/as
3f452c000000-3f452f800000 ---p 00000000 00:00 0
3f452f800000-3f4530400000 rw-p 00000000 00:00 0
3f4530400000-3f4534000000 ---p 00000000 00:00 0
7f9a2f400000-7f9a4463e000 ---p 00000000 00:00 0
`
	text := int64(0x020ed000 - 0x00402000)
	other := int64(0x7f9a4463e000 - 0x7f9a2f400000)
	for _, c := range []struct {
		name string
		maps string
		heap uintptr
		want int64
	}{
		{"one arena", oneArena, 0x291f40c00010, text + 64<<20 + other},
		{"two arenas counted as one", twoArenas, 0x3f452f800010, text + 64<<20 + other},
		{"heap elsewhere: all counted", twoArenas, 0x10, text + 128<<20 + other},
		{"not maps", "garbage\n\n", 0x10, 0},
	} {
		if got := mappedBytes([]byte(c.maps), c.heap); got != c.want {
			t.Errorf("%s: %d; want %d", c.name, got, c.want)
		}
	}
}
