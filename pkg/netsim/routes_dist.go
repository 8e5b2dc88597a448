package netsim

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/runexp/runexp/pkg/graph"
)

// distances fills the distance table (d16 if wide, else d8) and the planes
// of dist mod 3, and sets the diameter. It reports overflow, leaving the
// tables unusable, if a distance does not fit d8.
func (t *routeTable) distances(ctx context.Context, g *graph.Graph, planes []uint64, wide bool, workers int) (overflow bool, err error) {
	R := t.r
	W := (R + 63) / 64
	limit := math.MaxUint8
	t.d8, t.d16 = nil, nil
	if wide {
		limit = math.MaxUint16
		t.d16 = makeHuge[uint16](R * R)
	} else {
		t.d8 = makeHuge[uint8](R * R)
	}
	workers = max(1, min(workers, W))
	done := ctx.Done()
	var next atomic.Int64
	var tooFar atomic.Bool
	diam := make([]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bfs := graph.NewBitBFS(g)
			srcs := make([]int32, 0, 64)
			// The batch's distances and planes, 64 columns and two words
			// per vertex, moved to the tables when it is done (a level
			// reaches vertices all over the tables; one move per batch
			// and vertex streams through them).
			var d8 []uint8
			var d16 []uint16
			if wide {
				d16 = make([]uint16, 64*R)
			} else {
				d8 = make([]uint8, 64*R)
			}
			pl := make([]uint64, 2*R)
			level := func(d int, reached []int32, words []uint64) bool {
				if d >= limit {
					tooFar.Store(true)
					return false
				}
				diam[w] = max(diam[w], d)
				plane := d%3 - 1 // -1: residue 0, no bit
				for _, v := range reached {
					x := words[v]
					if plane >= 0 {
						pl[2*int(v)+plane] |= x
					}
					if wide {
						putLevel16(d16[64*int(v):64*int(v)+64], x, uint64(d))
					} else {
						putLevel8(d8[64*int(v):64*int(v)+64], x, uint64(d))
					}
				}
				return true
			}
			for !tooFar.Load() {
				k := int(next.Add(1)) - 1
				if k >= W {
					return
				}
				srcs = srcs[:0]
				for s := 64 * k; s < min(64*k+64, R); s++ {
					srcs = append(srcs, int32(s))
				}
				if !bfs.Run(done, srcs, level) {
					return
				}
				cols := len(srcs)
				for v := range R {
					base := v*R + 64*k
					if wide {
						copy(t.d16[base:base+cols], d16[64*v:64*v+cols])
					} else {
						copy(t.d8[base:base+cols], d8[64*v:64*v+cols])
					}
					planes[2*(v*W+k)] = pl[2*v]
					planes[2*(v*W+k)+1] = pl[2*v+1]
				}
				clear(d8)
				clear(d16)
				clear(pl)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if tooFar.Load() {
		if wide {
			return false, fmt.Errorf("netsim: distance %d too large", limit)
		}
		return true, nil
	}
	t.diam = 0
	for _, x := range diam {
		t.diam = max(t.diam, x)
	}
	return false, nil
}

// spread8[m] has byte j = 1 for every bit j of m; spread16[m] has 16-bit
// lane j = 1 for every bit j of m (m < 16).
var spread8, spread16 = func() (s8 [256]uint64, s16 [16]uint64) {
	for m := range 256 {
		for j := range 8 {
			if m>>j&1 != 0 {
				s8[m] |= 1 << (8 * j)
				if m < 16 && j < 4 {
					s16[m] |= 1 << (16 * j)
				}
			}
		}
	}
	return
}()

// putLevel8 sets row[j] = d for every bit j of x (64 one-byte distances,
// those of x zero before), eight at a time.
func putLevel8(row []uint8, x, d uint64) {
	_ = row[63]
	for j := 0; x != 0; j, x = j+8, x>>8 {
		if m := x & 0xff; m != 0 {
			binary.LittleEndian.PutUint64(row[j:], binary.LittleEndian.Uint64(row[j:])|spread8[m]*d)
		}
	}
}

// putLevel16 is putLevel8 for two-byte distances, four at a time.
func putLevel16(row []uint16, x, d uint64) {
	_ = row[63]
	for j := 0; x != 0; j, x = j+4, x>>4 {
		if m := x & 0xf; m != 0 {
			r := row[j : j+4]
			v := spread16[m] * d
			r[0] |= uint16(v)
			r[1] |= uint16(v >> 16)
			r[2] |= uint16(v >> 32)
			r[3] |= uint16(v >> 48)
		}
	}
}
