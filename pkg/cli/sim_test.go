package cli

import (
	"context"
	"strings"
	"testing"
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
