// Command runexp runs reproducible interconnection-network experiments
// described in HCL files: it expands them into cached cells, computes what
// changed, and writes Parquet datasets, figures, tables and scorecards.
// See the README and docs/ for the experiment language and the commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/runexp/runexp/pkg/cli"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigs
		fmt.Fprintln(os.Stderr, "\nrunexp: interrupted: no new cells start; waiting for running cells (press Ctrl-C again to abandon them)")
		cancel()
		<-sigs
		fmt.Fprintln(os.Stderr, "runexp: abandoned running cells; finished cells are cached")
		os.Exit(cli.ExitInterrupted)
	}()
	os.Exit(cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
