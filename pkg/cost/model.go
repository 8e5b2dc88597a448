package cost

import (
	"fmt"
	"math"
	"strings"
)

// Model holds every coefficient of a cost, power and layout model. All
// fields are plain numbers, booleans or strings so that a configuration
// language can override any of them by its snake_case name (see Fields, Set
// and Get); Preset returns the models of the papers.
//
// Cable prices follow SC14 section VI-B1: the price of a cable of length x
// meters is LinkBandwidth * (intercept + slope*x) dollars, with separate
// coefficients for electric (copper) and optical (fiber) cables. Router
// prices follow SC14 section VI-B2: RouterCostPerPort*k + RouterCostFixed
// dollars for a router with k ports. Power follows SC14 section VI-C:
// PowerPerPort watts for every port of every router.
type Model struct {
	// Name is the preset the model was derived from ("" for a custom model).
	Name string

	// LinkBandwidth is the data rate of one cable in Gb/s (SC14 VI-B1:
	// Mellanox InfiniBand FDR10 40 Gb/s QSFP cables; projective paper 5.3:
	// 40 Gb/s). Cable prices are per Gb/s, so a cable costs LinkBandwidth
	// times its per-Gb/s price.
	LinkBandwidth float64
	// ElectricCostPerGbps is the intercept of the electric cable price in $
	// per Gb/s (SC14: f(x) = 0.4079x + 0.5771 -> 0.5771).
	ElectricCostPerGbps float64
	// ElectricCostPerGbpsMeter is the slope of the electric cable price in $
	// per Gb/s per meter of length (SC14: 0.4079).
	ElectricCostPerGbpsMeter float64
	// OpticalCostPerGbps is the intercept of the optical cable price in $ per
	// Gb/s (SC14: f(x) = 0.0919x + 7.2745 -> 7.2745).
	OpticalCostPerGbps float64
	// OpticalCostPerGbpsMeter is the slope of the optical cable price in $
	// per Gb/s per meter (SC14: 0.0919).
	OpticalCostPerGbpsMeter float64

	// RouterCostPerPort is the router price per port in $ (SC14 VI-B2:
	// f(k) = 350.4k - 892.3 -> 350.4).
	RouterCostPerPort float64
	// RouterCostFixed is the router price independent of the radix in $
	// (SC14: -892.3).
	RouterCostFixed float64
	// RouterRadix is the number of ports priced and powered on every router;
	// 0 means the most ports used on one router of the topology (network
	// plus endpoint ports). A positive value must be at least that.
	RouterRadix int
	// PowerPerPort is the power of one router port in W (SC14 VI-C: 4 lanes
	// per port, one SerDes per lane at 0.7 W -> 2.8 W).
	PowerPerPort float64

	// EndpointCables selects which endpoint-to-router cables are priced:
	// "remote" (those of layouts that put routers away from their endpoints:
	// the fat trees of SC14 VI-B3c, whose routers stand in a central row;
	// routers of direct networks sit on top of the rack that holds their
	// endpoints, and SC14 Table IV does not count those cables), "all" (also
	// every endpoint cable of a direct network, electric, of length
	// EndpointCableLength) or "none".
	EndpointCables string
	// EndpointCableLength is the length in m of an endpoint cable inside a
	// rack (used when EndpointCables = "all").
	EndpointCableLength float64

	// RackAssignment selects how routers are put into racks (or electrical
	// groups): "sc14" (SC14 VI-A and VI-B3: each family's own racks, see
	// Layout), "cabinet" (Topology.Cabinet when the family defines cabinets,
	// else RackRouters consecutive router ids per cabinet: the layout
	// paper's canonical order), "walktrap" (the layout paper's section IV-C:
	// Walktrap clustering capped at RackRouters routers per cabinet, default
	// 16; see package placement), "groups" (electrical groups of about
	// GroupEndpoints endpoints, projective paper 5.3) or "router" (every
	// router alone, so that every router-to-router cable is inter-rack and
	// optical: projective paper section 6, indirect networks without
	// electrical groups).
	RackAssignment string
	// Floor selects how racks are placed on the floor: "near_square" (SC14
	// VI-A: c = floor(sqrt(n)) racks per row, floor(n/c) full rows and the
	// n mod c remaining racks in one more row, filled row by row) or "rows"
	// (layout paper III-D: ceil(sqrt(n)) rows of ceil(n/rows) racks, filled
	// left to right in the first row, right to left in the second, and so on).
	Floor string
	// RackMapping selects which floor location each rack gets: "" or
	// "serpentine" (rack i at the i-th location of Floor's order: the
	// layout paper's baseline, section IV-D) or "anneal" (simulated
	// annealing of the quadratic assignment problem that minimizes the
	// total length of the inter-rack cables, section IV-D; see
	// package placement). Annealing needs the built topology.
	RackMapping string `json:",omitempty"`
	// AnnealIterations is the number of moves per annealing restart (0:
	// the paper's 10^8, placement.DefaultIterations).
	AnnealIterations int `json:",omitempty"`
	// AnnealRestarts is the number of annealing restarts, of which the best
	// is kept (0: the paper's 5); they run in parallel.
	AnnealRestarts int `json:",omitempty"`
	// AnnealSeed selects the annealing's random streams.
	AnnealSeed int `json:",omitempty"`
	// RackRouters is the number of consecutive router ids per rack for
	// families without a rack of their own; 0 selects the default of the
	// rack assignment (see Layout).
	RackRouters int
	// GroupEndpoints is the target number of endpoints of an electrical
	// group in the "groups" rack assignment (projective paper 5.3: about 500).
	GroupEndpoints float64
	// RackWidth is the rack pitch along a row in m (SC14: racks of 1 x 1 x 2
	// m -> 1; layout paper: 0.6).
	RackWidth float64
	// RackDepth is the distance between rows of racks in m (SC14: 1; layout
	// paper: 2.1, including the aisle).
	RackDepth float64
	// IntraRackLength is the average length in m of a cable between two
	// routers of the same rack (SC14 VI-B: 1; layout paper III-D: 2).
	IntraRackLength float64
	// InterRackOverhead is the length in m added to the Manhattan distance
	// between two racks for a cable between them (SC14 VI-B: 2 per global
	// link; layout paper III-D: 2 at each end -> 4).
	InterRackOverhead float64
	// FoldedTorus makes every link of a torus or mesh electric with length
	// IntraRackLength (SC14 VI-B3a: folded tori need no optical links).
	FoldedTorus bool
	// FatTreeRouterCableLength is the average length in m of a fat tree
	// router-to-router cable (SC14 VI-B3c: routers in a central row, 1 m;
	// these cables are optical).
	FatTreeRouterCableLength float64
	// FatTreeElectricMaxLength is the length in m below which a fat tree
	// endpoint cable is electric; longer ones are optical (SC14 VI-B3c: 20).
	FatTreeElectricMaxLength float64
}

// Field describes one field of Model for configuration languages.
type Field struct {
	Name string // snake_case name, e.g. "link_bandwidth"
	Kind string // "float", "int", "bool" or "string"
	Unit string // unit of the value ("" for strings and booleans)
	Doc  string // one-sentence description
	// Choices lists the valid values of a string field.
	Choices []string
}

// Valid values of the string fields.
func endpointCableChoices() []string { return []string{"remote", "all", "none"} }
func rackAssignmentChoices() []string {
	return []string{"sc14", "cabinet", "walktrap", "groups", "router"}
}
func rackMappingChoices() []string { return []string{"", "serpentine", "anneal"} }
func floorChoices() []string       { return []string{"near_square", "rows"} }

type fieldRef struct {
	Field
	ptr func(m *Model) any // *float64, *int, *bool or *string
}

// fieldTable returns the fields in documentation order.
func fieldTable() []fieldRef {
	f := func(name, unit, doc string, ptr func(m *Model) *float64) fieldRef {
		return fieldRef{Field{name, "float", unit, doc, nil}, func(m *Model) any { return ptr(m) }}
	}
	return []fieldRef{
		{Field{"name", "string", "", "preset the model was derived from", nil}, func(m *Model) any { return &m.Name }},
		f("link_bandwidth", "Gb/s", "data rate of one cable; cable prices are per Gb/s (SC14 VI-B1: 40 Gb/s FDR10)", func(m *Model) *float64 { return &m.LinkBandwidth }),
		f("electric_cost_per_gbps", "$/(Gb/s)", "electric cable price intercept (SC14: 0.5771)", func(m *Model) *float64 { return &m.ElectricCostPerGbps }),
		f("electric_cost_per_gbps_meter", "$/(Gb/s)/m", "electric cable price per meter of length (SC14: 0.4079)", func(m *Model) *float64 { return &m.ElectricCostPerGbpsMeter }),
		f("optical_cost_per_gbps", "$/(Gb/s)", "optical cable price intercept (SC14: 7.2745)", func(m *Model) *float64 { return &m.OpticalCostPerGbps }),
		f("optical_cost_per_gbps_meter", "$/(Gb/s)/m", "optical cable price per meter of length (SC14: 0.0919)", func(m *Model) *float64 { return &m.OpticalCostPerGbpsMeter }),
		f("router_cost_per_port", "$/port", "router price per port (SC14 VI-B2: 350.4)", func(m *Model) *float64 { return &m.RouterCostPerPort }),
		f("router_cost_fixed", "$", "router price independent of the radix (SC14: -892.3)", func(m *Model) *float64 { return &m.RouterCostFixed }),
		{Field{"router_radix", "int", "ports", "ports priced and powered per router; 0 = the most ports used on one router", nil}, func(m *Model) any { return &m.RouterRadix }},
		f("power_per_port", "W/port", "power of one router port (SC14 VI-C: 4 lanes x 0.7 W)", func(m *Model) *float64 { return &m.PowerPerPort }),
		{Field{"endpoint_cables", "string", "", "endpoint cables priced: remote (fat tree central row), all, none", endpointCableChoices()}, func(m *Model) any { return &m.EndpointCables }},
		f("endpoint_cable_length", "m", "length of an endpoint cable inside a rack (endpoint_cables = all)", func(m *Model) *float64 { return &m.EndpointCableLength }),
		{Field{"rack_assignment", "string", "", "routers to racks: sc14 (family racks), cabinet, walktrap (clustering, layout paper IV-C), groups (electrical groups), router (one router per rack)", rackAssignmentChoices()}, func(m *Model) any { return &m.RackAssignment }},
		{Field{"floor", "string", "", "rack placement: near_square (SC14 VI-A) or rows (layout paper III-D)", floorChoices()}, func(m *Model) any { return &m.Floor }},
		{Field{"rack_mapping", "string", "", "racks to floor locations: serpentine (the floor's order; \"\" is the same) or anneal (simulated annealing of the cable length, layout paper IV-D)", rackMappingChoices()}, func(m *Model) any { return &m.RackMapping }},
		{Field{"anneal_iterations", "int", "moves", "moves per annealing restart (rack_mapping = anneal); 0 = the paper's 10^8", nil}, func(m *Model) any { return &m.AnnealIterations }},
		{Field{"anneal_restarts", "int", "runs", "annealing restarts, the best kept (rack_mapping = anneal); 0 = the paper's 5", nil}, func(m *Model) any { return &m.AnnealRestarts }},
		{Field{"anneal_seed", "int", "", "random seed of the annealing (rack_mapping = anneal)", nil}, func(m *Model) any { return &m.AnnealSeed }},
		{Field{"rack_routers", "int", "routers", "consecutive router ids per rack for families without racks of their own; 0 = default", nil}, func(m *Model) any { return &m.RackRouters }},
		f("group_endpoints", "endpoints", "target endpoints per electrical group (rack_assignment = groups; projective 5.3: 500)", func(m *Model) *float64 { return &m.GroupEndpoints }),
		f("rack_width", "m", "rack pitch along a row (SC14: 1, layout paper: 0.6)", func(m *Model) *float64 { return &m.RackWidth }),
		f("rack_depth", "m", "distance between rows of racks (SC14: 1, layout paper: 2.1)", func(m *Model) *float64 { return &m.RackDepth }),
		f("intra_rack_length", "m", "average cable length inside a rack (SC14: 1, layout paper: 2)", func(m *Model) *float64 { return &m.IntraRackLength }),
		f("inter_rack_overhead", "m", "length added to the Manhattan distance of an inter-rack cable (SC14: 2, layout paper: 2+2)", func(m *Model) *float64 { return &m.InterRackOverhead }),
		{Field{"folded_torus", "bool", "", "tori and meshes are folded: every link electric of intra-rack length (SC14 VI-B3a)", nil}, func(m *Model) any { return &m.FoldedTorus }},
		f("fat_tree_router_cable_length", "m", "average fat tree router-to-router (optical) cable length (SC14 VI-B3c: 1)", func(m *Model) *float64 { return &m.FatTreeRouterCableLength }),
		f("fat_tree_electric_max_length", "m", "fat tree endpoint cables shorter than this are electric, others optical (SC14 VI-B3c: 20)", func(m *Model) *float64 { return &m.FatTreeElectricMaxLength }),
	}
}

// Fields lists the fields of Model with their snake_case names, kinds, units
// and documentation, in a stable order.
func Fields() []Field {
	t := fieldTable()
	out := make([]Field, len(t))
	for i, r := range t {
		out[i] = r.Field
		out[i].Choices = append([]string(nil), r.Choices...)
	}
	return out
}

func lookupField(name string) (fieldRef, error) {
	for _, r := range fieldTable() {
		if r.Name == name {
			return r, nil
		}
	}
	names := make([]string, 0, 32)
	for _, r := range fieldTable() {
		names = append(names, r.Name)
	}
	return fieldRef{}, fmt.Errorf("cost: unknown model field %q; valid fields: %s", name, strings.Join(names, ", "))
}

// Set assigns value to the field called name. Float fields accept float64,
// int and int64; int fields accept int, int64 and integral float64; bool
// fields bool; string fields string (checked against the field's choices).
func (m *Model) Set(name string, value any) error {
	r, err := lookupField(name)
	if err != nil {
		return err
	}
	bad := func() error {
		return fmt.Errorf("cost: model field %s: want %s, got %T (%v)", name, r.Kind, value, value)
	}
	switch p := r.ptr(m).(type) {
	case *float64:
		switch x := value.(type) {
		case float64:
			*p = x
		case int:
			*p = float64(x)
		case int64:
			*p = float64(x)
		default:
			return bad()
		}
	case *int:
		switch x := value.(type) {
		case int:
			*p = x
		case int64:
			if x < math.MinInt32 || x > math.MaxInt32 {
				return fmt.Errorf("cost: model field %s: %d out of range", name, x)
			}
			*p = int(x)
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > math.MaxInt32 {
				return fmt.Errorf("cost: model field %s: want an integer, got %v", name, x)
			}
			*p = int(x)
		default:
			return bad()
		}
	case *bool:
		x, ok := value.(bool)
		if !ok {
			return bad()
		}
		*p = x
	case *string:
		x, ok := value.(string)
		if !ok {
			return bad()
		}
		if len(r.Choices) > 0 && !contains(r.Choices, x) {
			return fmt.Errorf("cost: model field %s: want one of %s, got %q", name, strings.Join(r.Choices, ", "), x)
		}
		*p = x
	}
	return nil
}

// Get returns the value of the field called name: a float64, int, bool or
// string.
func (m *Model) Get(name string) (any, error) {
	r, err := lookupField(name)
	if err != nil {
		return nil, err
	}
	switch p := r.ptr(m).(type) {
	case *float64:
		return *p, nil
	case *int:
		return *p, nil
	case *bool:
		return *p, nil
	case *string:
		return *p, nil
	}
	return nil, fmt.Errorf("cost: internal error: field %s", name)
}

func contains(s []string, x string) bool {
	for _, c := range s {
		if c == x {
			return true
		}
	}
	return false
}

// Validate checks the model: finite numbers, non-negative lengths,
// bandwidth and power, valid choices.
func (m *Model) Validate() error {
	for _, r := range fieldTable() {
		switch p := r.ptr(m).(type) {
		case *float64:
			if math.IsNaN(*p) || math.IsInf(*p, 0) {
				return fmt.Errorf("cost: model field %s = %v is not a finite number", r.Name, *p)
			}
			if r.Unit == "m" || r.Name == "link_bandwidth" || r.Name == "power_per_port" || r.Name == "group_endpoints" {
				if *p < 0 {
					return fmt.Errorf("cost: model field %s = %v must not be negative", r.Name, *p)
				}
			}
		case *int:
			if *p < 0 {
				return fmt.Errorf("cost: model field %s = %d must not be negative", r.Name, *p)
			}
		case *string:
			if len(r.Choices) > 0 && !contains(r.Choices, *p) {
				return fmt.Errorf("cost: model field %s: want one of %s, got %q", r.Name, strings.Join(r.Choices, ", "), *p)
			}
		}
	}
	if m.RackAssignment == "groups" && m.GroupEndpoints <= 0 {
		return fmt.Errorf("cost: model field group_endpoints = %v must be positive for rack_assignment = \"groups\"", m.GroupEndpoints)
	}
	return nil
}

// sc14 returns the model of Besta and Hoefler, Slim Fly, SC14, section VI.
func sc14() Model {
	return Model{
		Name:                     "sc14",
		LinkBandwidth:            40,
		ElectricCostPerGbps:      0.5771,
		ElectricCostPerGbpsMeter: 0.4079,
		OpticalCostPerGbps:       7.2745,
		OpticalCostPerGbpsMeter:  0.0919,
		RouterCostPerPort:        350.4,
		RouterCostFixed:          -892.3,
		PowerPerPort:             4 * 0.7,
		EndpointCables:           "remote",
		EndpointCableLength:      1,
		RackAssignment:           "sc14",
		Floor:                    "near_square",
		GroupEndpoints:           500,
		RackWidth:                1,
		RackDepth:                1,
		IntraRackLength:          1,
		InterRackOverhead:        2,
		FoldedTorus:              true,
		FatTreeRouterCableLength: 1,
		FatTreeElectricMaxLength: 20,
	}
}

// projective returns the model of Camarero et al., Projective Networks,
// section 5.3, with the average optical price of the given case.
func projective(name string, optical float64) Model {
	m := sc14()
	m.Name = name
	m.ElectricCostPerGbps = 0.985 // 1 m electric cable: 0.4079*1 + 0.5771 = 0.985
	m.ElectricCostPerGbpsMeter = 0
	m.OpticalCostPerGbps = optical
	m.OpticalCostPerGbpsMeter = 0
	m.EndpointCables = "none"
	m.RackAssignment = "groups"
	m.FoldedTorus = false // every network: electric inside groups, optical between
	return m
}

// cabinetGrid returns the floor model of Koibuchi et al., Layout-conscious
// Random Topologies for HPC Off-chip Interconnects, HPCA 2013, section
// III-D, priced with the SC14 cable, router and power coefficients.
func cabinetGrid() Model {
	m := sc14()
	m.Name = "cabinet_grid"
	m.RackAssignment = "cabinet"
	m.Floor = "rows"
	m.RackRouters = 16
	m.RackWidth = 0.6
	m.RackDepth = 2.1
	m.IntraRackLength = 2
	m.InterRackOverhead = 4
	m.FoldedTorus = false
	return m
}

// PresetNames returns the names accepted by Preset, sorted.
func PresetNames() []string {
	return []string{"cabinet_grid", "projective10k", "projective25k", "sc14"}
}

// Preset returns a named model:
//
//   - "sc14": Besta and Hoefler, Slim Fly, SC14, section VI. Electric cables
//     f(x) = 0.4079x + 0.5771 and optical f(x) = 0.0919x + 7.2745 $ per Gb/s
//     for length x m, 40 Gb/s per cable (VI-B1); routers 350.4k - 892.3 $
//     (VI-B2); 2.8 W per port (VI-C); racks of 1 x 1 x 2 m on a near-square
//     floor (VI-A), 1 m intra-rack cables, Manhattan distance plus 2 m for
//     inter-rack cables (VI-B); intra-rack cables electric, inter-rack
//     optical, folded tori all electric, fat tree endpoint cables shorter
//     than 20 m electric (VI-B3).
//   - "projective10k", "projective25k": Camarero, Martinez, Vallejo and
//     Beivide, Projective Networks, section 5.3: the SC14 router and power
//     coefficients, 40 Gb/s, electrical groups of about 500 endpoints,
//     electric cables at 0.985 $/Gb/s (1 m) and optical cables at the
//     average 7.7432 (about 10,000 endpoints) or 7.9178 $/Gb/s (about
//     25,000 endpoints); endpoint cables not priced.
//   - "cabinet_grid": the cabinet floor of Koibuchi et al., Layout-conscious
//     Random Topologies, HPCA 2013, section III-D (0.6 m x 2.1 m cabinets of
//     16 routers in ceil(sqrt(m)) rows, 2 m intra-cabinet cables, 2 m of
//     overhead at each end of an inter-cabinet cable), priced as "sc14".
func Preset(name string) (Model, error) {
	switch name {
	case "sc14":
		return sc14(), nil
	case "projective10k":
		return projective(name, 7.7432), nil
	case "projective25k":
		return projective(name, 7.9178), nil
	case "cabinet_grid":
		return cabinetGrid(), nil
	}
	return Model{}, fmt.Errorf("cost: unknown model preset %q; valid presets: %s", name, strings.Join(PresetNames(), ", "))
}

// ElectricCablePrice returns the price in $ of an electric cable of length
// x m: LinkBandwidth * (ElectricCostPerGbps + ElectricCostPerGbpsMeter*x).
func (m *Model) ElectricCablePrice(x float64) float64 {
	return m.LinkBandwidth * (m.ElectricCostPerGbps + m.ElectricCostPerGbpsMeter*x)
}

// OpticalCablePrice returns the price in $ of an optical cable of length x
// m: LinkBandwidth * (OpticalCostPerGbps + OpticalCostPerGbpsMeter*x).
func (m *Model) OpticalCablePrice(x float64) float64 {
	return m.LinkBandwidth * (m.OpticalCostPerGbps + m.OpticalCostPerGbpsMeter*x)
}

// RouterPrice returns the price in $ of a router with k ports:
// RouterCostPerPort*k + RouterCostFixed.
func (m *Model) RouterPrice(k int) float64 {
	return m.RouterCostPerPort*float64(k) + m.RouterCostFixed
}
