package eval

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"

	"github.com/runexp/runexp/pkg/cache"
	"github.com/runexp/runexp/pkg/cost"
	"github.com/runexp/runexp/pkg/dataset"
	"github.com/runexp/runexp/pkg/families"
	"github.com/runexp/runexp/pkg/netsim"
	"github.com/runexp/runexp/pkg/traffic"
	"github.com/runexp/runexp/pkg/workload"
)

// simSeed derives the seed of a sim cell from its canonical parameters, so
// that every point and replicate has its own streams and the same
// parameters give the same results on any machine.
//
// (simCellParams below also gives the key of a throughput search's probes.)
func simSeed(params []byte) uint64 {
	h := fnv.New64a()
	h.Write(params)
	return h.Sum64()
}

// simCellParams returns the parameters of the sim cell of replicate rep of
// point pt of instance in: the key of the cell and the seed of its streams.
// The seeds option is left out (raising it keeps the replicates already
// computed), and so are the search options of a point that is not a
// search (so that a search's probes are the cells of those points) and
// the options simKeyPoint leaves out.
func simCellParams(in *Instance, pt map[string]any, rep int, model *CostModel) map[string]any {
	p := topoParams(in)
	p["metrics"] = groupMetricNames(GroupSim)
	q := simKeyPoint(pt)
	delete(q, "seeds")
	if q["search"] == "none" {
		for _, o := range []string{"search_resolution", "search_max_latency", "search_max_latency_ns"} {
			delete(q, o)
		}
	}
	if name, _ := q["traffic"].(string); traffic.Revision(name) > 1 {
		// A pattern whose definition changed: its earlier cells rerun.
		q["traffic_revision"] = traffic.Revision(name)
	}
	if name, _ := q["routing"].(string); netsim.RoutingRevision(name) > 1 {
		// A routing whose definition changed: its earlier cells rerun.
		q["routing_revision"] = netsim.RoutingRevision(name)
	}
	p["sim"] = q
	p["replicate"] = rep
	if model != nil && pt["link_ns_per_m"].(float64) > 0 {
		// The cable lengths come from the cost model's layout.
		p["cost_model"] = model.canonical()
	}
	return p
}

// simSetup is the simulator configuration of a point.
type simSetup struct {
	cfg  netsim.Config
	phys *netsim.Physical   // nil in cycle units
	conv *netsim.Conversion // nil in cycle units
}

// simPhysical returns the physical description of a physical point and its
// conversion.
func simPhysical(pt map[string]any) (*netsim.Physical, *netsim.Conversion, error) {
	s, err := simConfig(pt)
	if err != nil {
		return nil, nil, err
	}
	return s.phys, s.conv, nil
}

// simConfig builds the configuration of a point: its options in cycles,
// then, for a physical point, the conversion of its physical values.
func simConfig(pt map[string]any) (simSetup, error) {
	var s simSetup
	s.cfg = netsim.DefaultConfig()
	for _, o := range simOptions() {
		if o.set != nil {
			o.set(&s.cfg, pt[o.Name])
		}
	}
	if !physicalPoint(pt) {
		return s, nil
	}
	p := &netsim.Physical{}
	for _, o := range simOptions() {
		if o.phys != nil {
			o.phys(p, pt[o.Name])
		}
	}
	if p.PacketBytes == 0 {
		p.PacketFlits = int(pt["packet_flits"].(int64))
	}
	p.Speedup = int(pt["speedup"].(int64))
	cfg, conv, err := p.Convert(s.cfg)
	if err != nil {
		return s, err
	}
	if ns := pt["latency_bound_ns"].(float64); ns > 0 {
		cfg.LatencyBound = ns / conv.CycleNs
	}
	s.cfg, s.phys, s.conv = cfg, p, conv
	return s, nil
}

// simJob is one simulation to run: a point of a built topology.
type simJob struct {
	family string
	params families.Values
	topo   *families.Topology
	model  *CostModel // for cable-length latencies
	pt     map[string]any
	seed   uint64
	// checkID names the network graph and routing of the job for the
	// deadlock-check memo of the context (withSimCheckMemo): the key of
	// the build cell and the routing; "" keeps the job out of the memo.
	checkID string
	// probe runs (or reads from the cache) the open-loop point pt with
	// another load, for the throughput search; nil runs it directly.
	probe func(ctx context.Context, load float64) (metricValues, error)
}

// run simulates the job and returns its metric values.
func (j *simJob) run(ctx context.Context) (metricValues, error) {
	setup, err := simConfig(j.pt)
	if err != nil {
		return nil, err
	}
	setup.cfg.Seed = j.seed
	setup.cfg.ThreadCap = simThreads(ctx)
	setup.cfg.Progress, _ = ctx.Value(simProgressKey{}).(func(netsim.Progress))
	if m, _ := ctx.Value(simCheckMemoKey{}).(*netsim.CheckMemo); m != nil && j.checkID != "" {
		setup.cfg.CheckMemo, setup.cfg.CheckID = m, j.checkID
	}
	if j.pt["search"].(string) == "throughput" {
		return j.search(ctx, setup)
	}
	net, err := j.network(ctx, setup)
	if err != nil {
		return nil, err
	}
	// Every routing needs the all-pairs tables: build them here, where a
	// cancellation can stop them (seconds to minutes for thousands of
	// routers).
	if err := net.RoutesContext(ctx); err != nil {
		return nil, err
	}
	rt, err := netsim.NewRouting(net, j.pt["routing"].(string))
	if err != nil {
		return nil, err
	}
	var res *netsim.Result
	if name := j.pt["workload"].(string); name != "" {
		wl, err := simWorkload(j.pt, net.Endpoints(), setup)
		if err != nil {
			return nil, err
		}
		res, err = netsim.RunWorkload(ctx, net, rt, wl, setup.cfg)
		if err != nil {
			return nil, err
		}
	} else {
		pat, err := traffic.New(j.pt["traffic"].(string), j.topo, j.family, j.params, j.seed)
		if err != nil {
			return nil, err
		}
		if res, err = netsim.Run(ctx, net, rt, pat, j.pt["load"].(float64), setup.cfg); err != nil {
			return nil, err
		}
	}
	return simValues(res, setup), nil
}

// network builds the simulated network, with cable-length latencies when
// the point asks for them (link_ns_per_m).
func (j *simJob) network(ctx context.Context, setup simSetup) (*netsim.Network, error) {
	if setup.phys == nil || setup.phys.LinkNsPerM == 0 {
		return netsim.NewNetwork(j.topo, nil)
	}
	if j.model == nil {
		return nil, fmt.Errorf("link_ns_per_m needs the study's cost_model for the cable lengths")
	}
	lay, err := cost.NewLayout(ctx, &j.model.Model, j.family, j.topo)
	if err != nil {
		return nil, fmt.Errorf("cable lengths: %w", err)
	}
	g := j.topo.Graph
	lengths := make([]float64, len(g.Adj))
	for r := int32(0); r < int32(g.N()); r++ {
		for i, u := range g.Neighbors(r) {
			lengths[int(g.Off[r])+i] = lay.CableLength(&j.model.Model, r, u)
		}
	}
	lat, err := setup.phys.LinkLatencies(lengths)
	if err != nil {
		return nil, err
	}
	return netsim.NewNetwork(j.topo, &netsim.NetworkOptions{LinkLatency: lat})
}

// simWorkload builds the finite workload of a point for E endpoints.
func simWorkload(pt map[string]any, E int, setup simSetup) (workload.Workload, error) {
	flits := pt["message_flits"].(int64)
	if k := pt["message_packets"].(int64); k > 0 {
		flits = k * int64(setup.cfg.PacketSize)
	}
	if b := pt["message_bytes"].(float64); b > 0 {
		if setup.phys == nil {
			return nil, fmt.Errorf("message_bytes needs physical units (link_gbps)")
		}
		flits = int64(math.Ceil(b/setup.phys.FlitBytes - 1e-9))
	}
	p := workload.Params{Flits: flits, Seed: uint64(pt["seed"].(int64)), Active: int(pt["active"].(int64))}
	name := pt["workload"].(string)
	switch name {
	case workload.AllToAll:
		p.Order = pt["order"].(string)
	case workload.NearestNeighbor:
		dims, err := parseTorus(pt["torus"].(string))
		if err != nil {
			return nil, err
		}
		p.Dims = dims
	}
	return workload.New(name, E, p)
}

// search finds the throughput of an open-loop point by bisection over
// multiples of search_resolution: the largest load whose probe is not
// saturated and whose mean latency stays under search_max_latency. The
// values are those of the best probe plus the search figures.
func (j *simJob) search(ctx context.Context, setup simSetup) (metricValues, error) {
	res := j.pt["search_resolution"].(float64)
	bound := j.pt["search_max_latency"].(float64)
	if ns := j.pt["search_max_latency_ns"].(float64); ns > 0 && setup.conv != nil {
		bound = ns / setup.conv.CycleNs
	}
	steps := int(math.Round(1 / res))
	probes := 0
	ok := func(v metricValues) bool {
		return !v["saturated"].B && (bound == 0 || v["latency"].F <= bound)
	}
	probe := func(k int) (metricValues, error) {
		probes++
		load := math.Min(1, float64(k)*res)
		if j.probe != nil {
			return j.probe(ctx, load)
		}
		q := *j
		q.pt = map[string]any{}
		for name, v := range j.pt {
			q.pt[name] = v
		}
		q.pt["search"], q.pt["load"] = "none", load
		return q.run(ctx)
	}
	var best metricValues
	bestK := 0
	v, err := probe(steps)
	if err != nil {
		return nil, err
	}
	if ok(v) {
		best, bestK = v, steps
	} else {
		lo, hi := 0, steps
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			v, err := probe(mid)
			if err != nil {
				return nil, err
			}
			if ok(v) {
				lo, best, bestK = mid, v, mid
			} else {
				hi = mid
			}
		}
	}
	out := metricValues{}
	if best != nil {
		for k, x := range best {
			out[k] = x
		}
		out["throughput"] = best["accepted_load"]
		out["throughput_load"] = dataset.FloatValue(math.Min(1, float64(bestK)*res))
		out["throughput_latency"] = best["latency"]
		out["throughput_latency_ns"] = best["latency_ns"]
		out["throughput_gbps"] = best["accepted_gbps"]
	} else {
		// Even the smallest probe (one resolution step) failed.
		out["throughput"] = dataset.FloatValue(0)
		out["throughput_load"] = dataset.FloatValue(0)
		out["saturated"] = dataset.BoolValue(true)
		out["saturation_reason"] = dataset.StringValue(fmt.Sprintf("no load of at least %g meets the search criteria", res))
	}
	out["search_probes"] = dataset.IntValue(int64(probes))
	return out, nil
}

// simThreadsKey is the context key of the number of goroutines a sim cell
// may use (netsim.Config.ThreadCap: small networks use fewer).
type simThreadsKey struct{}

// WithSimThreads returns ctx telling simulations (sim cells, Simulate) to
// use at most n goroutines each (netsim.Config.ThreadCap: one per 8,192
// router ports; results do not depend on it).
func WithSimThreads(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, simThreadsKey{}, n)
}

// simThreads returns the goroutines a sim cell of ctx may use (1 unless
// WithSimThreads said otherwise).
func simThreads(ctx context.Context) int {
	if n, ok := ctx.Value(simThreadsKey{}).(int); ok && n > 0 {
		return n
	}
	return 1
}

// simCheckMemoKey is the context key of the deadlock-check memo of sim
// cells.
type simCheckMemoKey struct{}

// withSimCheckMemo returns ctx giving the sim cells run with it m as the
// memo of their deadlock checks (netsim.Config.CheckMemo, under the job's
// checkID). Results do not depend on it.
func withSimCheckMemo(ctx context.Context, m *netsim.CheckMemo) context.Context {
	return context.WithValue(ctx, simCheckMemoKey{}, m)
}

// simProgressKey is the context key of the progress callback of
// simulations (netsim.Config.Progress).
type simProgressKey struct{}

// WithSimProgress returns ctx telling simulations (sim cells, Simulate) to
// report their progress to f (netsim.Config.Progress; results do not
// depend on it).
func WithSimProgress(ctx context.Context, f func(netsim.Progress)) context.Context {
	return context.WithValue(ctx, simProgressKey{}, f)
}

// storeKey is the context key of the cache store that sim cells use for
// probes.
type storeKey struct{}

// withStore returns ctx carrying the cache store for probes.
func withStore(ctx context.Context, s *cache.Store) context.Context {
	return context.WithValue(ctx, storeKey{}, s)
}

// computeSim runs the sim cell c: replicate c.replicate of point c.point of
// its instance. in[0] is the built topology; in[1:] are the cells of the
// previous point of its load sweep, whose saturation decides whether this
// point is simulated at all.
func computeSim(ctx context.Context, c *Cell, in []*result) (metricValues, error) {
	streak := int64(-1)
	for _, r := range in[1:] {
		streak = max(streak, r.values["sim_saturated_streak"].I)
	}
	if sweepStopped(streak) {
		return skippedValues(streak + 1), nil
	}
	j := c.simJob(in[0].topo)
	store, _ := ctx.Value(storeKey{}).(*cache.Store)
	j.probe = func(ctx context.Context, load float64) (metricValues, error) {
		pt := map[string]any{}
		for k, v := range c.point {
			pt[k] = v
		}
		pt["search"], pt["load"] = "none", load
		return probeSim(ctx, store, c, in[0].topo, pt)
	}
	var vals metricValues
	var err error
	if len(in) > 1 {
		// A point of a load sweep: the same simulation as the point's own
		// cell, cached under that cell's key (shared with studies of the
		// point alone and with searches).
		vals, err = probeSim(ctx, store, c, in[0].topo, c.point)
	} else {
		vals, err = j.run(ctx)
	}
	if err != nil {
		return nil, err
	}
	s := int64(0)
	if vals["saturated"].B {
		s = max(streak, 0) + 1
	}
	vals["sim_saturated_streak"] = dataset.IntValue(s)
	return vals, nil
}

// simKeyParams returns the key parameters of the sim cell of replicate rep
// of point pt of instance in for a study whose metrics are of the given
// epoch (metricSince): simCellParams, with the epoch when it is above 0.
// The seed comes from simCellParams alone, so that the cells of every
// epoch simulate the same.
func simKeyParams(in *Instance, pt map[string]any, rep int, model *CostModel, epoch int) map[string]any {
	p := simCellParams(in, pt, rep, model)
	if epoch > 0 {
		p["metrics_epoch"] = epoch
	}
	return p
}

// simSeedAt returns the seed of sim cell c's simulation at point pt (its
// own point, or a probe of its search): from simCellParams, so that the
// cells of every metrics epoch simulate the same.
func (c *Cell) simSeedAt(pt map[string]any) uint64 {
	return simSeed(canonical(simCellParams(c.inst, pt, c.replicate, c.model)))
}

// simJob returns the job of sim cell c on topology t.
func (c *Cell) simJob(t *families.Topology) *simJob {
	id := c.Inputs[0].Key.String() + "\x00" + c.point["routing"].(string)
	if c.model != nil && c.point["link_ns_per_m"].(float64) > 0 {
		// The cable latencies change no route, but a routing could read
		// them: the cost model joins the network's identity.
		id += "\x00" + fmt.Sprint(c.model.canonical())
	}
	return &simJob{
		family: c.inst.Topology.Family.Name, params: c.inst.Params, topo: t, model: c.model,
		pt: c.point, seed: c.simSeedAt(c.point), checkID: id,
	}
}

// probeSim returns the values of point pt (replicate c.replicate, same
// instance as c) from the cache, or runs it and stores it: the key is that
// of the sim cell of the point, so each probe is a cached cell.
func probeSim(ctx context.Context, store *cache.Store, c *Cell, t *families.Topology, pt map[string]any) (metricValues, error) {
	params := canonical(simKeyParams(c.inst, pt, c.replicate, c.model, c.epoch))
	key := cache.KeyOf(GroupSim, groupVersion(GroupSim), params, []cache.Key{c.Inputs[0].Key})
	if store != nil {
		e, err := store.Get(key)
		if err == nil {
			if b, ok := e.Blob(blobValues); ok {
				if v, err := decodeValues(b); err == nil {
					return v, nil
				}
			}
		} else if !errors.Is(err, cache.ErrNotFound) {
			return nil, &storageError{err}
		}
	}
	j := c.simJob(t)
	j.pt = pt
	j.seed = c.simSeedAt(pt)
	v, err := j.run(ctx)
	if err != nil {
		return nil, err
	}
	v["sim_saturated_streak"] = dataset.IntValue(0)
	if store != nil {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := store.Put(key, &cache.Entry{Blobs: []cache.Blob{{Name: blobValues, Data: encodeValues(v)}}}); err != nil {
			return nil, &storageError{err}
		}
	}
	return v, nil
}

// sweepStopped reports whether a point of a load sweep (stop_at_saturation)
// is past saturation, given the saturation streak of the point before it:
// two saturated points in a row stop the sweep.
func sweepStopped(prevStreak int64) bool { return prevStreak >= 2 }

// skippedValues are the values of a point past saturation that is not
// simulated.
func skippedValues(streak int64) metricValues {
	v := metricValues{}
	for _, m := range simMetrics() {
		v[m.Name] = dataset.Value{}
	}
	v["saturated"] = dataset.BoolValue(true)
	v["simulated"] = dataset.BoolValue(false)
	v["saturation_reason"] = dataset.StringValue("not simulated: a lower load of the sweep was saturated twice in a row (stop_at_saturation)")
	v["sim_saturated_streak"] = dataset.IntValue(streak)
	return v
}

// simValues turns a simulation result into metric values.
func simValues(r *netsim.Result, setup simSetup) metricValues {
	f := dataset.FloatValue
	orNull := func(ok bool, v float64) dataset.Value {
		if !ok {
			return dataset.Value{}
		}
		return f(v)
	}
	full := !r.Aborted // aborted runs have no percentiles, hops or link figures
	wl := r.Workload != ""
	v := metricValues{
		"offered_load":                 orNull(!wl, r.OfferedLoad),
		"accepted_load":                orNull(!wl, r.AcceptedLoad),
		"latency":                      f(r.PacketLatency.Mean),
		"latency_p50":                  orNull(full, r.PacketLatency.P50),
		"latency_p99":                  orNull(full, r.PacketLatency.P99),
		"latency_max":                  orNull(full, r.PacketLatency.Max),
		"network_latency":              orNull(full, r.NetworkLatency.Mean),
		"zero_load_latency":            f(r.ZeroLoadLatency),
		"sim_hops":                     orNull(full, r.AvgHops),
		"minimal_fraction":             orNull(full, r.MinimalFraction),
		"fairness":                     orNull(full && !wl, r.Fairness),
		"link_util_avg":                orNull(full && !wl, r.LinkUtilAvg),
		"link_util_max":                orNull(full && !wl, r.LinkUtilMax),
		"hop_hist":                     dataset.StringValue(string(canonical(r.HopHistogram))),
		"saturated":                    dataset.BoolValue(r.Saturated),
		"saturation_reason":            dataset.StringValue(r.SaturationReason),
		"simulated":                    dataset.BoolValue(true),
		"deadlock_check":               dataset.StringValue(r.DeadlockCheck),
		"sim_vcs":                      dataset.IntValue(int64(r.VCs)),
		"sim_cycles":                   dataset.IntValue(r.Cycles),
		"sim_flits_delivered":          dataset.IntValue(r.FlitsDelivered),
		"sim_measured_packets":         dataset.IntValue(r.MeasuredPackets),
		"completion_cycles":            orNull(wl, r.CompletionCycles),
		"effective_throughput":         orNull(wl, r.EffectiveThroughput),
		"source_completion_p50_cycles": orNull(wl, r.SourceCompletionP50),
		"source_completion_p99_cycles": orNull(wl, r.SourceCompletionP99),
		"messages_delivered":           dataset.Value{},
	}
	if wl {
		v["messages_delivered"] = dataset.IntValue(r.MessagesDelivered)
	}
	phys := setup.conv != nil
	T := 0.0
	gbps := 0.0
	if phys {
		T, gbps = setup.conv.CycleNs, setup.phys.LinkGbps
	}
	ns := func(key string) dataset.Value {
		x := v[key]
		if !phys || x.Kind != dataset.Float {
			return dataset.Value{}
		}
		return f(x.F * T)
	}
	v["cycle_ns"] = orNull(phys, T)
	v["latency_ns"] = ns("latency")
	v["latency_p50_ns"] = ns("latency_p50")
	v["latency_p99_ns"] = ns("latency_p99")
	v["network_latency_ns"] = ns("network_latency")
	v["zero_load_latency_ns"] = ns("zero_load_latency")
	v["offered_gbps"] = orNull(phys && !wl, r.OfferedLoad*gbps)
	v["accepted_gbps"] = orNull(phys && !wl, r.AcceptedLoad*gbps)
	v["completion_us"] = orNull(phys && wl, r.CompletionCycles*T/1000)
	v["source_completion_p50_us"] = orNull(phys && wl, r.SourceCompletionP50*T/1000)
	v["source_completion_p99_us"] = orNull(phys && wl, r.SourceCompletionP99*T/1000)
	for _, k := range []string{"throughput", "throughput_load", "throughput_latency", "throughput_latency_ns", "throughput_gbps", "search_probes"} {
		v[k] = dataset.Value{}
	}
	return v
}
