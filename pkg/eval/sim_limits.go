package eval

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/runexp/runexp/pkg/netsim"
)

// The limits of sim sizes are netsim's (netsim.LimitError, "Limits" in its
// package documentation): a point's configuration is checked by
// netsim.Config.Check (CheckWorkload, CheckNetwork, CheckSend), and this
// file only says its errors in the sim options' words, pointing at the
// option the user set.

// A SimOptionError is an invalid sim option value or combination: Option
// is the option to change (the first one the block or command line sets
// among those involved), Msg says what is wrong in the options' names.
type SimOptionError struct {
	Option string
	Msg    string
}

// Error returns "sim option OPTION: MESSAGE".
func (e *SimOptionError) Error() string { return fmt.Sprintf("sim option %s: %s", e.Option, e.Msg) }

// fieldOption returns the sim option that sets the netsim.Config field
// field at point pt (with physical units, the physical option it is
// converted from) and how to call the field in messages: the option's
// name, "cycle option (from physical option)" for a converted value, or a
// description for a field no option sets.
func fieldOption(field string, pt map[string]any) (option, label string) {
	if physicalPoint(pt) {
		phys := ""
		switch field {
		case "packet_size":
			if pt["packet_bytes"].(float64) > 0 {
				phys = "packet_bytes"
			}
		case "buf_per_port":
			phys = "buffer_bytes"
			if pt["buffer_packets"].(int64) > 0 {
				phys = "buffer_packets"
			}
		case "routing_delay", "vc_alloc_delay", "sw_alloc_delay", "crossbar_delay":
			phys = "router_ns"
		case "local_latency", "global_latency":
			phys = "link_ns"
		case "link_latency":
			phys = "link_ns_per_m"
		case "endpoint_latency":
			phys = "endpoint_ns"
		case "warmup_min", "warmup_max":
			if pt["sim_us"].(float64) > 0 {
				phys = "warmup_us"
			}
		case "measure_cycles":
			if pt["sim_us"].(float64) > 0 {
				phys = "sim_us"
			}
		}
		if phys != "" {
			name := field
			for _, o := range simOptions() {
				if o.Field == field {
					name = o.Name
				}
			}
			if field == "link_latency" {
				return phys, "the latency of a cable (link_ns + link_ns_per_m x length)"
			}
			return phys, name + " (from " + phys + ")"
		}
	}
	for _, o := range simOptions() {
		if o.Field == field {
			return o.Name, o.Name
		}
	}
	switch field {
	case "sample_period":
		return "warmup_max", fmt.Sprintf("the warm-up sample (%d cycles)", netsim.DefaultConfig().SamplePeriod)
	case "deadlock_cycles":
		return "preset", "the deadlock detection period"
	}
	return "preset", field
}

// simLimitError says a netsim configuration error of point pt in the sim
// options' words; isGiven reports the options the user set. The option is
// the first of the rule's fields that the user set, else the first one.
func simLimitError(err error, pt map[string]any, isGiven func(string) bool) *SimOptionError {
	var le *netsim.LimitError
	if !errors.As(err, &le) {
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "netsim: "), "config: ")
		return &SimOptionError{Option: "preset", Msg: msg}
	}
	msg := le.Message(func(f string) string { _, label := fieldOption(f, pt); return label })
	option, _ := fieldOption(le.Fields[0], pt)
	for _, f := range le.Fields {
		if o, _ := fieldOption(f, pt); isGiven(o) {
			option = o
			break
		}
	}
	return &SimOptionError{Option: option, Msg: msg}
}

// messageOption returns the option giving a workload point's message size.
func messageOption(pt map[string]any) string {
	switch {
	case pt["message_packets"].(int64) > 0:
		return "message_packets"
	case pt["message_bytes"].(float64) > 0:
		return "message_bytes"
	}
	return "message_flits"
}

// messageFlits returns the size in flits of a workload point's messages
// (as a float, which huge sizes do not overflow) and the option giving it.
func messageFlits(pt map[string]any, setup simSetup) (float64, string) {
	opt := messageOption(pt)
	switch {
	case opt == "message_packets":
		return float64(pt[opt].(int64)) * float64(setup.cfg.PacketSize), opt
	case opt == "message_bytes" && setup.phys != nil:
		return math.Ceil(pt[opt].(float64)/setup.phys.FlitBytes - 1e-9), opt
	}
	return float64(pt["message_flits"].(int64)), "message_flits"
}

// checkSend checks that an endpoint sending flits flits fits a workload
// run (netsim.Config.CheckSend); what names the quantity.
func checkSend(cfg netsim.Config, flits float64, what string, pt map[string]any) string {
	n := int64(math.MaxInt64)
	if flits < math.MaxInt64 {
		n = int64(flits)
	}
	if err := cfg.CheckSend(n); err != nil {
		e := simLimitError(err, pt, func(string) bool { return false })
		return what + ": " + e.Msg
	}
	return ""
}
