// Package workload defines the finite message workloads of runexp's
// flit-level network simulator (pkg/netsim): a fixed set of messages,
// organised in steps, whose run ends when the last message is delivered, so
// that it measures completion time and effective throughput rather than
// latency under a steady offered load (pkg/traffic).
//
// Endpoints are numbered 0..E-1 as in pkg/traffic. A workload gives every
// endpoint a number of steps; in each step the endpoint sends a list of
// messages, each to another endpoint and of a length in flits (sizes are in
// flits throughout: the caller converts bytes to flits). A blocking workload
// (a collective) lets an endpoint begin step s+1 only after it has received
// every message of steps 0..s addressed to it and injected its own messages
// of step s; a non-blocking one (an exchange) waits only for the injection.
//
// New builds a workload by name; Names lists the workloads and Doc
// documents each one with its source. The per-message methods (Steps,
// Count, Message, Recvs) run in O(1) without allocating, and no workload
// stores more than O(E) data. Workloads are deterministic: the only
// randomness (all_to_all with order "random", permutation) is drawn once,
// at construction, from PCG streams of the seed given to the constructor.
// A built workload is read-only and safe for concurrent use.
//
// Totals, InjectionBound and EjectionBound summarise a workload by
// iterating over all of its messages.
//
// Sources:
//
//   - [SC15] G. Kathareios, C. Minkenberg, B. Prisacari, G. Rodriguez and
//     T. Hoefler, Cost-Effective Diameter-Two Topologies: Analysis and
//     Evaluation, SC15, section 4.4 (the all-to-all and 3D nearest-neighbour
//     exchanges).
//   - [TRG05] R. Thakur, R. Rabenseifner and W. Gropp, Optimization of
//     Collective Communication Operations in MPICH, International Journal
//     of High Performance Computing Applications 19(1), 2005 (the ring
//     allreduce, i.e. reduce-scatter and allgather on a ring, and the
//     recursive-doubling allgather).
//   - [DT] W. J. Dally and B. Towles, Principles and Practices of
//     Interconnection Networks, 2004, section 3.2 (random permutations).
package workload

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Workload is a finite set of messages organised in steps; netsim.Workload
// is this type, and netsim.RunWorkload simulates one.
//
// The arguments must be in range: e in [0, Endpoints()), s in
// [0, Steps(e)) for Count and Message, i in [0, Count(e, s)). Count and
// Recvs return 0 for a step s outside [0, Steps(e)); Message may panic on
// arguments out of range.
type Workload interface {
	// Endpoints returns the number of endpoints E the workload was built
	// for.
	Endpoints() int
	// Steps returns the number of steps of endpoint e (0: e sends nothing
	// and waits for nothing).
	Steps(e int32) int32
	// Count returns the number of messages endpoint e sends in step s.
	Count(e, s int32) int32
	// Message returns message i (0 <= i < Count(e, s)) that endpoint e
	// sends in step s: its destination endpoint (!= e) and its length in
	// flits (>= 1).
	Message(e, s, i int32) (dst int32, flits int64)
	// Recvs returns how many messages sent in step s (by any endpoint)
	// endpoint e receives.
	Recvs(e, s int32) int32
	// Blocking reports whether steps wait for the receives of earlier
	// steps (collectives) or only for the sender's own injection
	// (exchanges).
	Blocking() bool
	// Name returns a short description of the workload and its
	// parameters, e.g. "all_to_all(n=12, msg_flits=30, order=shift)".
	Name() string
}

// Workload names.
const (
	AllToAll        = "all_to_all"
	NearestNeighbor = "nearest_neighbor"
	Permutation     = "permutation"
	RingAllreduce   = "ring_allreduce"
	AllgatherRD     = "allgather_rd"
)

// Destination orders of all_to_all.
const (
	// OrderShift sends the i-th message of endpoint e to (e + 1 + i) mod N.
	OrderShift = "shift"
	// OrderRandom sends the messages of every endpoint in a seeded
	// pseudo-random order (see Doc(AllToAll)).
	OrderRandom = "random"
	// OrderPermutation sends the messages of every endpoint in a seeded
	// uniformly random order of its own (see Doc(AllToAll)).
	OrderPermutation = "permutation"
)

var docs = map[string]string{
	AllToAll: "All-to-all exchange [SC15 4.4]: each of N processes sends one message of Flits flits " +
		"to every other process, N(N-1) messages in all (SC15 counts N^2 and uses 7.5 KB = 30 " +
		"packets per pair; no process sends to itself here). Process r is endpoint r; N = Active " +
		"(the first N endpoints; 0 = all E), endpoints N..E-1 are idle. One non-blocking step of " +
		"N-1 messages per process. Order \"shift\" (default): the i-th message of e goes to " +
		"(e + 1 + i) mod N, the staggered order of the linear-shift exchange of MPI all-to-all " +
		"implementations, under which at every message index each process is the target of " +
		"exactly one source. Order \"random\": with m = N-1, source e has a multiplier a_e drawn " +
		"uniformly from the units of Z_m (1 <= a_e < m, gcd(a_e, m) = 1; a_e = 1 if m <= 2) and an " +
		"offset b_e drawn uniformly from [0, m), drawn for e = 0..N-1 in turn from PCG stream " +
		"(Seed, 0x776f726b6c6f6101); its i-th message goes to (e + 1 + ((a_e*i + b_e) mod m)) mod N. " +
		"i -> (a_e*i + b_e) mod m is a bijection of Z_m since a_e is invertible mod m, and " +
		"j -> (e + 1 + j) mod N maps Z_m onto the N-1 other processes, so every ordered pair is " +
		"sent exactly once, in O(1) per message from two O(N) tables. The order is an affine " +
		"permutation of the shift order, not a uniformly random one: sources differ in stride and " +
		"start, and a stride can follow the network's structure (on a Multi-Layer Full-Mesh, whose " +
		"routers hold consecutive endpoints, it loads one up-link for long runs: SC15's h = 15 " +
		"MLFM exchanges at 0.65 of the injection rate with it, 0.88 with the next order, one packet " +
		"per pair). Order \"permutation\": every source sends in a uniformly random order of its own, " +
		"a Fisher-Yates shuffle of the other N-1 processes per source, drawn for e = 0..N-1 in turn " +
		"from PCG stream (Seed, 0x776f726b6c6f6102); it holds N(N-1) 4-byte entries (52 MB for " +
		"N = 3,600), and N(N-1) above 2^28 is refused. N = 1 is idle.",
	NearestNeighbor: "3D nearest-neighbour exchange [SC15 4.4]: X*Y*Z processes (Dims; SC15 uses " +
		"12x14x19, 15x16x15, 13x13x18, 13x13x20) on a logical 3D torus, rank r = x + X*(y + Y*z) " +
		"(x fastest). Rank r runs on endpoint Mapping[r], or on endpoint r without a Mapping " +
		"(contiguous); endpoints without a process are idle. One non-blocking step: each process " +
		"sends one message of Flits flits to each torus neighbour, in the order +x, -x, +y, -y, " +
		"+z, -z with wrap-around. A dimension of length 1 sends nothing (both neighbours are the " +
		"process itself); a dimension of length 2 sends two messages to the same neighbour, one " +
		"per direction, as a periodic halo exchange does. So each process sends, and receives, 6 " +
		"messages when every dimension is >= 2 (2 per dimension of length >= 2). X*Y*Z must not " +
		"exceed E; Active does not apply.",
	Permutation: "Random permutation exchange [DT 3.2]: each of N processes sends one message of " +
		"Flits flits to perm(e), where perm is a permutation of the first N endpoints without " +
		"fixed points (N = Active, 0 = all E), drawn uniformly from the seed by Fisher-Yates " +
		"shuffles rejected until no endpoint maps to itself: exactly the algorithm and PCG stream " +
		"(Seed, 0x7472616666696301) of pkg/traffic's random_permutation, so both draw the same " +
		"derangement from the same seed and N. One non-blocking step; N = 1 is idle.",
	RingAllreduce: "Ring allreduce [TRG05, reduce-scatter and allgather on a ring]: N processes " +
		"(N = Active, 0 = all E; endpoint r is process r) reduce a vector of Flits flits split into " +
		"N chunks. Every chunk is ceil(Flits/N) flits (at least 1): the chunks are rounded up to " +
		"equal sizes, so the total may exceed the vector by up to N-1 flits. 2(N-1) blocking steps " +
		"(N-1 of reduce-scatter, then N-1 of allgather); in every step process e sends one chunk " +
		"to (e + 1) mod N and receives one from (e - 1) mod N, 2(N-1)*N*chunk flits in all. N = 1 " +
		"is idle.",
	AllgatherRD: "Recursive-doubling allgather [TRG05]: N = the largest power of two <= Active " +
		"(0 = all E) processes on endpoints 0..N-1 (the others idle), each holding one block of " +
		"Flits flits. log2 N blocking steps: in step s, process e sends the 2^s blocks it holds " +
		"(2^s * Flits flits, one message) to e XOR 2^s and receives as many from it. N = 1 is idle.",
}

// Names returns the workload names in sorted order.
func Names() []string {
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Doc returns the documentation of the workload name: its definition and
// source.
func Doc(name string) (string, bool) {
	d, ok := docs[name]
	return d, ok
}

// Params are the parameters of New. Zero values mean the defaults; a
// parameter that does not apply to the workload must be left zero.
type Params struct {
	// Flits is the size parameter in flits (>= 1): the length of each
	// message of all_to_all, nearest_neighbor and permutation, the vector
	// of ring_allreduce, the block of each process of allgather_rd.
	Flits int64
	// Order is the destination order of all_to_all: OrderShift (default,
	// also ""), OrderRandom or OrderPermutation.
	Order string
	// Dims is the torus X x Y x Z of nearest_neighbor (each >= 1).
	Dims [3]int
	// Mapping optionally maps the ranks of nearest_neighbor to endpoints:
	// Mapping[r] is the endpoint of rank r, len(Mapping) = X*Y*Z, distinct
	// endpoints. Nil is the contiguous mapping rank r -> endpoint r.
	Mapping []int32
	// Seed is the only source of randomness (all_to_all with OrderRandom,
	// permutation).
	Seed uint64
	// Active is the number of processes N, on endpoints 0..N-1, of
	// all_to_all, permutation, ring_allreduce and allgather_rd (which uses
	// the largest power of two <= Active); 0 means all E endpoints.
	Active int
}

// New returns the workload name on endpoints endpoints with parameters p.
// See Doc for each workload and Params for which parameters it takes.
func New(name string, endpoints int, p Params) (Workload, error) {
	if _, ok := docs[name]; !ok {
		return nil, fmt.Errorf("workload: unknown workload %q; valid workloads: %s", name, strings.Join(Names(), ", "))
	}
	if err := checkParams(name, p); err != nil {
		return nil, fmt.Errorf("workload: %s: %w", name, err)
	}
	switch name {
	case AllToAll:
		return NewAllToAll(endpoints, p.Active, p.Flits, p.Order, p.Seed)
	case NearestNeighbor:
		return NewNearestNeighbor(endpoints, p.Dims, p.Flits, p.Mapping)
	case Permutation:
		return NewPermutation(endpoints, p.Active, p.Flits, p.Seed)
	case RingAllreduce:
		return NewRingAllreduce(endpoints, p.Active, p.Flits)
	default: // AllgatherRD
		return NewAllgatherRD(endpoints, p.Active, p.Flits)
	}
}

// checkParams rejects the parameters that do not apply to workload name.
func checkParams(name string, p Params) error {
	if p.Order != "" && name != AllToAll {
		return fmt.Errorf("order %q applies only to %s; leave it empty", p.Order, AllToAll)
	}
	if name != NearestNeighbor {
		if p.Dims != [3]int{} {
			return fmt.Errorf("dims %dx%dx%d apply only to %s; leave them zero", p.Dims[0], p.Dims[1], p.Dims[2], NearestNeighbor)
		}
		if p.Mapping != nil {
			return fmt.Errorf("a mapping applies only to %s; leave it nil", NearestNeighbor)
		}
	} else if p.Active != 0 {
		return fmt.Errorf("active = %d does not apply: the torus dims set the number of processes; leave it 0", p.Active)
	}
	return nil
}

// Totals returns the number of messages of w and their total length in
// flits, by iterating over all messages.
func Totals(w Workload) (messages, flits int64) {
	for e := int32(0); int(e) < w.Endpoints(); e++ {
		for s := range w.Steps(e) {
			c := w.Count(e, s)
			messages += int64(c)
			for i := range c {
				_, f := w.Message(e, s, i)
				flits += f
			}
		}
	}
	return messages, flits
}

// InjectionBound returns the largest number of flits any single endpoint
// of w sends: with one flit per channel cycle on an injection channel, no
// run of w completes in fewer flit cycles.
func InjectionBound(w Workload) int64 {
	var most int64
	for e := int32(0); int(e) < w.Endpoints(); e++ {
		var sum int64
		for s := range w.Steps(e) {
			for i := range w.Count(e, s) {
				_, f := w.Message(e, s, i)
				sum += f
			}
		}
		most = max(most, sum)
	}
	return most
}

// EjectionBound returns the largest number of flits any single endpoint of
// w receives: with one flit per channel cycle on an ejection channel, no
// run of w completes in fewer flit cycles. It uses O(E) memory.
func EjectionBound(w Workload) int64 {
	recv := make([]int64, w.Endpoints())
	for e := int32(0); int(e) < len(recv); e++ {
		for s := range w.Steps(e) {
			for i := range w.Count(e, s) {
				d, f := w.Message(e, s, i)
				recv[d] += f
			}
		}
	}
	var most int64
	for _, r := range recv {
		most = max(most, r)
	}
	return most
}

// streamAllToAll is the random stream of the all-to-all order (an
// arbitrary constant; the permutation exchange draws its derangement with
// pkg/traffic's Derangement, on that package's stream).
const streamAllToAll uint64 = 0x776f726b6c6f6101 // "workloa" + 1

// streamAllToAllPerm is the random stream of the all-to-all's permutation
// order.
const streamAllToAllPerm uint64 = 0x776f726b6c6f6102

// maxPermEntries bounds N(N-1), the entries of the permutation order's
// table (1 GiB).
const maxPermEntries = 1 << 28

// newRNG returns the generator of stream of seed.
func newRNG(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }

// checkEndpoints checks the number of endpoints E and the number of
// active processes (0 = all), and returns the number of processes N.
func checkEndpoints(endpoints, active int) (int32, error) {
	if endpoints < 1 || endpoints > math.MaxInt32 {
		return 0, fmt.Errorf("%d endpoints: need 1..%d", endpoints, math.MaxInt32)
	}
	if active == 0 {
		return int32(endpoints), nil
	}
	if active < 0 || active > endpoints {
		return 0, fmt.Errorf("active = %d processes, but the network has %d endpoints: use 1..%d, or 0 for all", active, endpoints, endpoints)
	}
	return int32(active), nil
}

// checkFlits checks a size parameter what (>= 1) and that count messages
// of flits flits each total at most MaxInt64 flits.
func checkFlits(what string, flits, count int64) error {
	if flits < 1 {
		return fmt.Errorf("%s = %d: need at least 1 flit", what, flits)
	}
	if count > 0 && flits > math.MaxInt64/count {
		return fmt.Errorf("%s = %d: %d messages of that size overflow int64 flits; use at most %d", what, flits, count, math.MaxInt64/count)
	}
	return nil
}
