package families

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/polygon"
)

// generalizedPolygon builds W(q) (gon 4) or H(q) (gon 6).
func generalizedPolygon(name string, gon, q int) (*polygon.Polygon, error) {
	var g *polygon.Polygon
	var err error
	if gon == 4 {
		g, err = polygon.Symplectic(q)
	} else {
		g, err = polygon.SplitCayley(q)
	}
	if err != nil {
		return nil, paramErr(name, "q", "%v", err)
	}
	return g, nil
}

// buildPolygonIncidence builds the incidence graph of W(q) or H(q): points
// 0..n-1, then lines n..2n-1.
func buildPolygonIncidence(ctx context.Context, name string, gon, q int, p int64, sz Size) (*Topology, error) {
	g, err := generalizedPolygon(name, gon, q)
	if err != nil {
		return nil, err
	}
	n := g.Points()
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for pt := 0; pt < n; pt++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		for _, l := range g.LinesOf(pt) {
			edges.add(pt, n+int(l))
		}
	}
	if int64(len(edges)) != sz.Links || int64(2*n) != sz.Routers {
		return nil, fmt.Errorf("family %s: internal error: built %d routers and %d links, want %d and %d", name, 2*n, len(edges), sz.Routers, sz.Links)
	}
	return newTopology(ctx, name, 2*n, edges, p)
}

// buildDelorme builds Delorme's graph on W(q) or H(q): every point adjacent
// to the other points of its image under a polarity.
func buildDelorme(ctx context.Context, name, variant string, q int, p int64, sz Size) (*Topology, error) {
	gon := 4
	if variant == "hexagon" {
		gon = 6
	}
	g, err := generalizedPolygon(name, gon, q)
	if err != nil {
		return nil, err
	}
	var pl *polygon.Polarity
	if gon == 4 {
		pl, err = polygon.SymplecticPolarity(g)
	} else {
		pl, err = polygon.SplitCayleyPolarity(ctx, g)
	}
	if err != nil {
		return nil, fmt.Errorf("family %s: %w", name, err)
	}
	n := g.Points()
	edges := make(edgeList, 0, sz.Links)
	st := newStopper(ctx)
	for pt := 0; pt < n; pt++ {
		if st.stop(len(edges)) {
			return nil, ctx.Err()
		}
		for _, r := range g.PointsOf(pl.Line(pt)) {
			if int(r) > pt {
				edges.add(pt, int(r))
			}
		}
	}
	if int64(len(edges)) != sz.Links || int64(n) != sz.Routers {
		return nil, fmt.Errorf("family %s: internal error: built %d routers and %d links, want %d and %d", name, n, len(edges), sz.Routers, sz.Links)
	}
	t, err := newTopology(ctx, name, n, edges, p)
	if err != nil {
		return nil, err
	}
	dim := len(g.Coords(0))
	t.CoordDim = dim
	t.Coords = make([]int32, 0, dim*n)
	for pt := 0; pt < n; pt++ {
		for _, c := range g.Coords(pt) {
			t.Coords = append(t.Coords, int32(c))
		}
	}
	return t, nil
}
