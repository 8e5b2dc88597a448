// Package netsim will hold runexp's cycle-accurate, flit-level network
// simulator (input-queued virtual-channel routers with credit flow control,
// BookSim's reference model) and CLEX's round-based simulator. It is
// specified by issue 5 and has no code yet; the directory exists because the
// project layout fixes it.
package netsim
