package workload_test

import (
	"fmt"

	"github.com/runexp/runexp/pkg/workload"
)

func ExampleNew() {
	// SC15's all-to-all of 30 packets of 4 flits per pair on 4 endpoints.
	w, err := workload.New(workload.AllToAll, 4, workload.Params{Flits: 120})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w.Name())
	for e := range int32(w.Endpoints()) {
		fmt.Printf("endpoint %d:", e)
		for s := range w.Steps(e) {
			for i := range w.Count(e, s) {
				dst, flits := w.Message(e, s, i)
				fmt.Printf(" %d->%d (%d flits)", e, dst, flits)
			}
		}
		fmt.Println()
	}
	msgs, flits := workload.Totals(w)
	fmt.Println(msgs, "messages,", flits, "flits; injection bound", workload.InjectionBound(w), "flit cycles")

	_, err = workload.New(workload.NearestNeighbor, 3042, workload.Params{Flits: 120, Dims: [3]int{13, 13, 20}})
	fmt.Println(err)
	// Output:
	// all_to_all(n=4, msg_flits=120, order=shift)
	// endpoint 0: 0->1 (120 flits) 0->2 (120 flits) 0->3 (120 flits)
	// endpoint 1: 1->2 (120 flits) 1->3 (120 flits) 1->0 (120 flits)
	// endpoint 2: 2->3 (120 flits) 2->0 (120 flits) 2->1 (120 flits)
	// endpoint 3: 3->0 (120 flits) 3->1 (120 flits) 3->2 (120 flits)
	// 12 messages, 1440 flits; injection bound 360 flit cycles
	// workload: nearest_neighbor: torus 13x13x20 = 3380 processes, but the network has 3042 endpoints: use at most 3042 processes
}
