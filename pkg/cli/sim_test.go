package cli

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/runexp/runexp/pkg/netsim"
)

// TestSimLimits runs `runexp sim` past each limit of the simulator (netsim,
// "Limits"): every one is a usage error (exit 1) before anything is
// simulated, naming the flag or --set that gave the value and the reason.
func TestSimLimits(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--cycles", "-5"}, "--cycles -5: measure_cycles = -5, want >= 1"},
		{[]string{"--cycles", "0"}, "--cycles 0: measure_cycles = 0, want >= 1"},
		{[]string{"--cycles", "1073741824"}, "--cycles 1073741824: the run lasts up to"},
		{[]string{"--set", "measure_cycles=1073741824"}, "--set measure_cycles=1073741824: the run lasts up to"},
		{[]string{"--set", "packet_flits=65536"}, "--set packet_flits=65536: packet_flits = 65536 needs drain_max >= 65535"},
		{[]string{"--set", "vcs=65"}, "--set vcs=65: vcs = 65 exceeds 64"},
		{[]string{"--set", "local_latency=600000"}, "--set local_latency=600000: (local_latency = 600000 + credit_delay = 2) x speedup = 2"},
		{[]string{"--set", "buffer_flits=16777216"}, "--set buffer_flits=16777216: Topology slimfly q=19: 31768 ports x 1 VCs"},
		{[]string{"--set", "preset=sc15", "--set", "sim_us=1e7"}, "--set sim_us=1e7: the run lasts up to warmup_max (from warmup_us)"},
		{[]string{"--set", "workload=all_to_all", "--set", "message_flits=100000"}, "--set message_flits=100000: Topology slimfly q=19: workload all_to_all"},
		{[]string{"--set", "workload=all_to_all", "--set", "message_flits=10", "--set", "max_cycles=2000000000"}, "--set max_cycles=2000000000: max_cycles = 2000000000 at speedup = 2"},
	} {
		args := append([]string{"sim", "slimfly", "q=19"}, c.args...)
		code, out, stderr := runexp(t, context.Background(), args...)
		if code != ExitInvalid || out != "" || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.args, code, out, stderr, c.msg)
		}
	}
}

// The progress lines of `runexp sim`: none before the period has passed,
// then phase, cycle, flits and speed.
func TestSimProgressLines(t *testing.T) {
	var b strings.Builder
	start := time.Now().Add(-2 * time.Second)
	simProgressLines(&b, start, time.Hour)(netsim.Progress{Phase: "warm-up", Cycle: 1000, FlitsDelivered: 5000, Endpoints: 10})
	if b.Len() != 0 {
		t.Fatalf("a line before the period: %q", b.String())
	}
	// 2,000,000 flits over 3,000 cycles and 1,000 endpoints: 0.667 flits
	// per endpoint and cycle; then 600,000 more over 1,000 cycles: 0.6.
	f := simProgressLines(&b, start, 0)
	f(netsim.Progress{Phase: "measure", Cycle: 3000, FlitsDelivered: 2_000_000, Endpoints: 1000})
	line := b.String()
	const head = "sim: measure, cycle 3000, 2000000 flits delivered (0.667 flits/endpoint/cycle since cycle 0), "
	if !strings.HasPrefix(line, head) || !strings.HasSuffix(line, "\n") {
		t.Errorf("progress line %q, want it to start %q", line, head)
	}
	var speed float64
	var secs string
	if _, err := fmt.Sscanf(strings.TrimPrefix(line, head), "%f flits/s (%s", &speed, &secs); err != nil || speed < 5e5 || speed > 1e6 {
		t.Errorf("progress line %q: speed %g (want 2,000,000 flits in about 2 s), %v", line, speed, err)
	}
	b.Reset()
	f(netsim.Progress{Phase: "workload", Cycle: 4000, FlitsDelivered: 2_600_000, Endpoints: 1000})
	if want := "sim: workload, cycle 4000, 2600000 flits delivered (0.600 flits/endpoint/cycle since cycle 3000), "; !strings.HasPrefix(b.String(), want) {
		t.Errorf("second line %q, want it to start %q", b.String(), want)
	}
}
