package families

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/runexp/runexp/internal/stop"
	"github.com/runexp/runexp/pkg/graph"
)

// Binary encoding of a Topology (version 1), all integers little-endian:
//
//	magic    "RXTOPO" (6 bytes)
//	version  uint16 = 1
//	n        uint32  routers
//	adjLen   uint32  len(Graph.Adj)
//	flags    uint32  bit 0: Role present, bit 1: Group present, bit 2: Coords present,
//	                 bit 3: Cabinet present
//	coordDim uint32  CoordDim
//	Off      (n+1) int32
//	Adj      adjLen int32
//	Conc     n int32
//	Role     n bytes            (if flag bit 0)
//	Group    n int32            (if flag bit 1)
//	Coords   n*coordDim int32   (if flag bit 2)
//	Cabinet  n int32            (if flag bit 3)
//	crc      uint32  CRC-32 (IEEE) of every preceding byte
const (
	topoMagic      = "RXTOPO"
	topoVersion    = 1
	topoHeaderLen  = 6 + 2 + 4*4
	flagRole       = 1 << 0
	flagGroup      = 1 << 1
	flagCoords     = 1 << 2
	flagCabinet    = 1 << 3
	flagsKnown     = flagRole | flagGroup | flagCoords | flagCabinet
	maxCoordDim    = 1 << 16
	topoTrailerLen = 4
)

// MarshalBinary encodes t in a compact, deterministic binary form (magic,
// version, lengths, little-endian int32 arrays and a CRC-32 trailer) for the
// build cache. It fails if the metadata lengths do not match the graph.
func (t *Topology) MarshalBinary() ([]byte, error) {
	return t.MarshalBinaryContext(context.Background())
}

// MarshalBinaryContext is MarshalBinary with a context: encoding a topology
// of tens of millions of links takes seconds, and it returns ctx.Err() soon
// after ctx is cancelled (checked every stopBlock words).
func (t *Topology) MarshalBinaryContext(ctx context.Context) ([]byte, error) {
	if t.Graph == nil || len(t.Graph.Off) == 0 {
		return nil, errors.New("families: marshal topology: no graph")
	}
	n := t.Graph.N()
	if len(t.Conc) != n {
		return nil, fmt.Errorf("families: marshal topology: len(Conc) = %d, want %d", len(t.Conc), n)
	}
	var flags uint32
	if t.Role != nil {
		if len(t.Role) != n {
			return nil, fmt.Errorf("families: marshal topology: len(Role) = %d, want %d", len(t.Role), n)
		}
		flags |= flagRole
	}
	if t.Group != nil {
		if len(t.Group) != n {
			return nil, fmt.Errorf("families: marshal topology: len(Group) = %d, want %d", len(t.Group), n)
		}
		flags |= flagGroup
	}
	if t.CoordDim < 0 || t.CoordDim > maxCoordDim {
		return nil, fmt.Errorf("families: marshal topology: CoordDim = %d outside [0, %d]", t.CoordDim, maxCoordDim)
	}
	if t.Coords != nil {
		if len(t.Coords) != n*t.CoordDim {
			return nil, fmt.Errorf("families: marshal topology: len(Coords) = %d, want %d*%d", len(t.Coords), n, t.CoordDim)
		}
		flags |= flagCoords
	}
	if t.Cabinet != nil {
		if len(t.Cabinet) != n {
			return nil, fmt.Errorf("families: marshal topology: len(Cabinet) = %d, want %d", len(t.Cabinet), n)
		}
		flags |= flagCabinet
	}
	size := topoHeaderLen + 4*(n+1+len(t.Graph.Adj)+n+len(t.Group)+len(t.Coords)+len(t.Cabinet)) + len(t.Role) + topoTrailerLen
	b := make([]byte, 0, size)
	b = append(b, topoMagic...)
	b = binary.LittleEndian.AppendUint16(b, topoVersion)
	for _, x := range []uint32{uint32(n), uint32(len(t.Graph.Adj)), flags, uint32(t.CoordDim)} {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	done := ctx.Done()
	b = appendInt32s(done, b, t.Graph.Off)
	b = appendInt32s(done, b, t.Graph.Adj)
	b = appendInt32s(done, b, t.Conc)
	for _, r := range t.Role {
		b = append(b, byte(r))
	}
	b = appendInt32s(done, b, t.Group)
	b = appendInt32s(done, b, t.Coords)
	b = appendInt32s(done, b, t.Cabinet)
	if err := ctx.Err(); err != nil { // appendInt32s stops early
		return nil, err
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	return b, nil
}

// appendInt32s appends s to b in little-endian order, by pieces; once done
// is closed it stops (the caller checks the context).
func appendInt32s(done <-chan struct{}, b []byte, s []int32) []byte {
	for lo := 0; lo < len(s) && !stop.Requested(done); lo += stopBlock {
		for _, x := range s[lo:min(lo+stopBlock, len(s))] {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
	}
	return b
}

// UnmarshalBinary decodes data produced by MarshalBinary into t, replacing
// its contents. Truncated, corrupted or inconsistent input (bad magic,
// version, lengths, checksum, or a graph that fails graph.Validate) yields
// an error; it never panics.
func (t *Topology) UnmarshalBinary(data []byte) error {
	return t.UnmarshalBinaryContext(context.Background(), data)
}

// UnmarshalBinaryContext is UnmarshalBinary with a context: decoding and
// validating a topology of tens of millions of links takes seconds, and it
// returns ctx.Err(), t unchanged, soon after ctx is cancelled (checked
// every stopBlock words and graph.ValidateContext's blocks).
func (t *Topology) UnmarshalBinaryContext(ctx context.Context, data []byte) error {
	done := ctx.Done()
	fail := func(format string, args ...any) error {
		return fmt.Errorf("families: unmarshal topology: "+format, args...)
	}
	if len(data) < topoHeaderLen+topoTrailerLen {
		return fail("%d bytes is too short", len(data))
	}
	if string(data[:6]) != topoMagic {
		return fail("bad magic %q", data[:6])
	}
	if v := binary.LittleEndian.Uint16(data[6:]); v != topoVersion {
		return fail("unsupported version %d (want %d)", v, topoVersion)
	}
	h := data[8:topoHeaderLen]
	n := int64(binary.LittleEndian.Uint32(h[0:]))
	adjLen := int64(binary.LittleEndian.Uint32(h[4:]))
	flags := binary.LittleEndian.Uint32(h[8:])
	coordDim := int64(binary.LittleEndian.Uint32(h[12:]))
	if n >= math.MaxInt32 || adjLen > math.MaxInt32 {
		return fail("lengths n = %d, adjacency = %d out of range", n, adjLen)
	}
	if flags&^flagsKnown != 0 {
		return fail("unknown flags %#x", flags)
	}
	if coordDim > maxCoordDim {
		return fail("CoordDim = %d exceeds %d", coordDim, maxCoordDim)
	}
	words := n + 1 + adjLen + n
	var roleLen, coordLen int64
	if flags&flagRole != 0 {
		roleLen = n
	}
	if flags&flagGroup != 0 {
		words += n
	}
	if flags&flagCoords != 0 {
		coordLen = n * coordDim
		words += coordLen
	}
	if flags&flagCabinet != 0 {
		words += n
	}
	if want := topoHeaderLen + 4*words + roleLen + topoTrailerLen; int64(len(data)) != want {
		return fail("%d bytes, want %d for %d routers and %d adjacency entries", len(data), want, n, adjLen)
	}
	body := len(data) - topoTrailerLen
	if got, want := crc32.ChecksumIEEE(data[:body]), binary.LittleEndian.Uint32(data[body:]); got != want {
		return fail("checksum mismatch (%#08x, want %#08x)", got, want)
	}
	p := data[topoHeaderLen:body]
	// read decodes k words; once ctx is cancelled it leaves them zero (the
	// context is checked before validating).
	read := func(k int64) []int32 {
		s := make([]int32, k)
		for lo := 0; lo < len(s) && !stop.Requested(done); lo += stopBlock {
			blk, q := s[lo:min(lo+stopBlock, len(s))], p[4*lo:]
			for i := range blk {
				blk[i] = int32(binary.LittleEndian.Uint32(q[4*i:]))
			}
		}
		p = p[4*k:]
		return s
	}
	g := &graph.Graph{Off: read(n + 1), Adj: read(adjLen)}
	conc := read(n)
	var role []Role
	if flags&flagRole != 0 {
		role = make([]Role, n)
		for i := range role {
			role[i] = Role(p[i])
			if role[i] > roleMax {
				return fail("router %d has unknown role %d", i, p[i])
			}
		}
		p = p[n:]
	}
	var group, coords, cabinet []int32
	if flags&flagGroup != 0 {
		group = read(n)
	}
	if flags&flagCoords != 0 {
		coords = read(coordLen)
	}
	if flags&flagCabinet != 0 {
		cabinet = read(n)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := g.ValidateContext(ctx); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fail("%w", err)
	}
	for r, c := range conc {
		if c < 0 {
			return fail("router %d has negative concentration %d", r, c)
		}
	}
	*t = Topology{Graph: g, Conc: conc, Role: role, Group: group, Coords: coords, CoordDim: int(coordDim), Cabinet: cabinet}
	return nil
}
