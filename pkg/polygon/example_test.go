package polygon_test

import (
	"context"
	"fmt"

	"github.com/runexp/runexp/pkg/polygon"
)

// The generalized quadrangle W(2) has 15 points and 15 lines, 3 on each;
// its Tits polarity fixes an ovoid of 5 absolute points, and identifying
// points with their images gives Delorme's graph of 15 routers.
func ExampleSymplecticPolarity() {
	g, err := polygon.Symplectic(2)
	if err != nil {
		panic(err)
	}
	pl, err := polygon.SymplecticPolarity(g)
	if err != nil {
		panic(err)
	}
	absolute, links := 0, 0
	for p := 0; p < g.Points(); p++ {
		if pl.Absolute(p) {
			absolute++
		}
		for _, r := range g.PointsOf(pl.Line(p)) {
			if int(r) > p {
				links++
			}
		}
	}
	fmt.Println("points:", g.Points(), "points per line:", len(g.PointsOf(0)))
	fmt.Println("absolute points:", absolute, "links of Delorme's graph:", links)
	// Output:
	// points: 15 points per line: 3
	// absolute points: 5 links of Delorme's graph: 20
}

// The split Cayley hexagon H(3) has 364 points on the quadric Q(6, 3); it
// has a polarity because 3 is an odd power of 3, with q^3 + 1 = 28
// absolute points.
func ExampleSplitCayleyPolarity() {
	g, err := polygon.SplitCayley(3)
	if err != nil {
		panic(err)
	}
	pl, err := polygon.SplitCayleyPolarity(context.Background(), g)
	if err != nil {
		panic(err)
	}
	absolute := 0
	for p := 0; p < g.Points(); p++ {
		if pl.Absolute(p) {
			absolute++
		}
	}
	fmt.Println("points:", g.Points(), "coordinates of point 0:", g.Coords(0))
	fmt.Println("absolute points:", absolute)
	// Output:
	// points: 364 coordinates of point 0: [1 0 0 0 0 0 0]
	// absolute points: 28
}
