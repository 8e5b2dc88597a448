package partition

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/runexp/runexp/pkg/graph"
)

// WriteMETIS writes g in the METIS graph file format (METIS 5 manual,
// section 4.1.1): a header "n m [fmt]" with m the number of distinct
// adjacent pairs, then one line per vertex listing its 1-based neighbours.
// Parallel edges become one edge whose weight is the multiplicity, and
// vertex weights (if weights is not nil) precede each neighbour list; fmt is
// "010" (vertex weights), "001" (edge weights) or "011" (both), and is
// omitted when neither is needed. Zero vertex weights are written as is.
func WriteMETIS(w io.Writer, g *graph.Graph, weights []int32) error {
	n := g.N()
	if weights != nil && len(weights) != n {
		return fmt.Errorf("partition: %d vertex weights for %d vertices", len(weights), n)
	}
	wg := fromGraph(nil, g, weights)
	multi := false
	for _, x := range wg.ew {
		if x != 1 {
			multi = true
			break
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d", n, len(wg.adj)/2)
	switch {
	case weights != nil && multi:
		bw.WriteString(" 011")
	case weights != nil:
		bw.WriteString(" 010")
	case multi:
		bw.WriteString(" 001")
	}
	bw.WriteByte('\n')
	var buf []byte
	for v := 0; v < n; v++ {
		buf = buf[:0]
		if weights != nil {
			buf = strconv.AppendInt(buf, int64(weights[v]), 10)
		}
		for e := wg.off[v]; e < wg.off[v+1]; e++ {
			if len(buf) > 0 {
				buf = append(buf, ' ')
			}
			buf = strconv.AppendInt(buf, int64(wg.adj[e])+1, 10)
			if multi {
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, int64(wg.ew[e]), 10)
			}
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadPartition reads a METIS partition file of a bisection: n lines, the
// part (0 or 1) of vertex 1, 2, ..., n.
func ReadPartition(r io.Reader, n int) ([]uint8, error) {
	side := make([]uint8, 0, n)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		p, err := strconv.Atoi(line)
		if err != nil || p < 0 || p > 1 {
			return nil, fmt.Errorf("partition: line %d: part %q is not 0 or 1", len(side)+1, line)
		}
		if len(side) == n {
			return nil, fmt.Errorf("partition: more than %d parts", n)
		}
		side = append(side, uint8(p))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(side) != n {
		return nil, fmt.Errorf("partition: %d parts for %d vertices", len(side), n)
	}
	return side, nil
}

// GpmetisOptions configure Gpmetis.
type GpmetisOptions struct {
	// Path of the gpmetis program; "" looks up "gpmetis" on PATH.
	Path string
	// UFactor is -ufactor: with recursive bisection the larger side may
	// weigh (1 + UFactor/1000)·W/2 (Options.Imbalance = UFactor/1000).
	// 0 leaves gpmetis's default (1 for recursive bisection).
	UFactor int
	// Seed is -seed.
	Seed int
	// NCuts is -ncuts, the number of bisections gpmetis computes to keep
	// the best; 0 leaves its default (1).
	NCuts int
	// PType is -ptype: "rb" (recursive bisection, the default here) or
	// "kway".
	PType string
}

// ErrNoGpmetis is returned (wrapped) by Gpmetis when the program is not
// found.
var ErrNoGpmetis = errors.New("partition: gpmetis not found")

// Gpmetis bisects g with the external METIS program gpmetis (Debian package
// metis) for cross-checking Bisect: it writes g with WriteMETIS to a
// temporary directory, runs "gpmetis -ptype=rb [options] file 2", reads the
// partition and returns it with its cut and side weights (Tolerance is
// ⌊UFactor·W/1000⌋ with UFactor 1 when 0). The orientation is normalised as
// in Bisect (vertex 0 on side 0). gpmetis may return a bisection slightly
// outside that tolerance; the caller can check Weights.
func Gpmetis(ctx context.Context, g *graph.Graph, weights []int32, opt GpmetisOptions) (*Result, error) {
	path := opt.Path
	if path == "" {
		p, err := exec.LookPath("gpmetis")
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNoGpmetis, err)
		}
		path = p
	}
	n := g.N()
	if n < 2 {
		return nil, fmt.Errorf("partition: gpmetis needs at least 2 vertices, have %d", n)
	}
	dir, err := os.MkdirTemp("", "runexp-gpmetis-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "graph")
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := WriteMETIS(f, g, weights); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	ptype := opt.PType
	if ptype == "" {
		ptype = "rb"
	}
	args := []string{"-ptype=" + ptype, "-seed=" + strconv.Itoa(opt.Seed)}
	if opt.UFactor > 0 {
		args = append(args, "-ufactor="+strconv.Itoa(opt.UFactor))
	}
	if opt.NCuts > 0 {
		args = append(args, "-ncuts="+strconv.Itoa(opt.NCuts))
	}
	args = append(args, file, "2")
	out, err := exec.CommandContext(ctx, path, args...).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("partition: %s %s: %v\n%s", path, strings.Join(args, " "), err, out)
	}
	pf, err := os.Open(file + ".part.2")
	if err != nil {
		return nil, fmt.Errorf("partition: gpmetis wrote no partition: %v\n%s", err, out)
	}
	defer pf.Close()
	side, err := ReadPartition(pf, n)
	if err != nil {
		return nil, err
	}
	res := &Result{Side: side, Cut: CutSize(g, side)}
	flip := side[0]
	var total int64
	for v := range side {
		side[v] ^= flip
		w := int64(1)
		if weights != nil {
			w = int64(weights[v])
		}
		res.Weights[side[v]] += w
		total += w
	}
	uf := opt.UFactor
	if uf == 0 {
		uf = 1
	}
	res.Tolerance = total * int64(uf) / 1000
	return res, nil
}
