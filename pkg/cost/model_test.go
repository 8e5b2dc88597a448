package cost

import (
	"context"
	"math"
	"regexp"
	"testing"

	"github.com/runexp/runexp/pkg/families"
)

func TestPresets(t *testing.T) {
	for _, name := range PresetNames() {
		m, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if m.Name != name {
			t.Errorf("preset %s has name %q", name, m.Name)
		}
		if err := m.Validate(); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
	if _, err := Preset("sc15"); err == nil {
		t.Error("unknown preset accepted")
	}
	m, _ := Preset("sc14")
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"electric 1 m", m.ElectricCablePrice(1), 39.4},      // 40 * 0.985
		{"electric 10 m", m.ElectricCablePrice(10), 186.244}, // 40 * (4.079 + 0.5771)
		{"optical 2 m", m.OpticalCablePrice(2), 298.332},     // 40 * (0.1838 + 7.2745)
		{"router k = 43", m.RouterPrice(43), 14174.9},
		{"power per port", m.PowerPerPort, 2.8},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	p, _ := Preset("projective25k")
	if p.ElectricCablePrice(30) != 39.4 || math.Abs(p.OpticalCablePrice(100)-316.712) > 1e-9 {
		t.Errorf("projective prices %v %v", p.ElectricCablePrice(30), p.OpticalCablePrice(100))
	}
}

func TestFields(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	seen := map[string]bool{}
	fields := Fields()
	if len(fields) != 27 {
		t.Errorf("%d fields", len(fields))
	}
	for _, f := range fields {
		if !snake.MatchString(f.Name) || seen[f.Name] || f.Doc == "" {
			t.Errorf("field %+v", f)
		}
		seen[f.Name] = true
		var m Model
		var val any
		switch f.Kind {
		case "float":
			val = 1.5
			if f.Unit == "" {
				t.Errorf("field %s has no unit", f.Name)
			}
		case "int":
			val = 3
		case "bool":
			val = true
		case "string":
			val = "custom"
			if len(f.Choices) > 0 {
				val = f.Choices[len(f.Choices)-1]
			}
		default:
			t.Fatalf("field %s kind %q", f.Name, f.Kind)
		}
		if err := m.Set(f.Name, val); err != nil {
			t.Fatalf("Set(%s, %v): %v", f.Name, val, err)
		}
		got, err := m.Get(f.Name)
		if err != nil || got != val {
			t.Errorf("Get(%s) = %v, %v; want %v", f.Name, got, err, val)
		}
	}
	var m Model
	for _, c := range []struct {
		name string
		val  any
	}{
		{"no_such_field", 1.0},
		{"link_bandwidth", "40"},
		{"router_radix", 2.5},
		{"router_radix", true},
		{"folded_torus", 1},
		{"floor", "circle"},
		{"name", 3},
	} {
		if err := m.Set(c.name, c.val); err == nil {
			t.Errorf("Set(%s, %v) accepted", c.name, c.val)
		}
	}
	if err := m.Set("router_radix", int64(48)); err != nil || m.RouterRadix != 48 {
		t.Errorf("router_radix from int64: %v %d", err, m.RouterRadix)
	}
	if err := m.Set("link_bandwidth", int64(56)); err != nil || m.LinkBandwidth != 56 {
		t.Errorf("link_bandwidth from int64: %v %v", err, m.LinkBandwidth)
	}
	if _, err := m.Get("nope"); err == nil {
		t.Error("Get of an unknown field accepted")
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		field string
		val   any
	}{
		{"intra_rack_length", -1.0},
		{"link_bandwidth", -40.0},
		{"optical_cost_per_gbps", math.NaN()},
		{"router_cost_fixed", math.Inf(-1)},
		{"router_radix", -1},
		{"group_endpoints", 0.0},
	} {
		m, _ := Preset("projective10k")
		if err := m.Set(c.field, c.val); err != nil {
			t.Fatal(err)
		}
		if err := m.Validate(); err == nil {
			t.Errorf("%s = %v accepted", c.field, c.val)
		}
		if _, err := Evaluate(context.Background(), m, "torus", families.Values{}, families.Size{Links: 1}, nil); err == nil {
			t.Errorf("Evaluate with %s = %v accepted", c.field, c.val)
		}
	}
	m, _ := Preset("sc14")
	m.Floor = "spiral" // bypassing Set
	if err := m.Validate(); err == nil {
		t.Error("bad floor accepted")
	}
}

// TestOverrides checks the router radix and endpoint cable options on the
// SC14 Slim Fly.
func TestOverrides(t *testing.T) {
	v, sz, top := build(t, "slimfly", families.Values{"q": int64(19)})
	ctx := context.Background()
	m, _ := Preset("sc14")
	base, err := Evaluate(ctx, m, "slimfly", v, sz, top)
	if err != nil {
		t.Fatal(err)
	}
	m.RouterRadix = 48 // SC14 VII-A: 48-port routers (Aries)
	b, err := Evaluate(ctx, m, "slimfly", v, sz, top)
	if err != nil {
		t.Fatal(err)
	}
	if b.Radix != 48 || relErr(b.Total-base.Total, 722*4*350.4) > 1e-12 || relErr(b.PowerPerEndpoint, 722*48*2.8/10830.0) > 1e-12 {
		t.Errorf("radix 48: %+v", *b)
	}
	m.RouterRadix = 43 // fewer than the 44 ports used
	if _, err := Evaluate(ctx, m, "slimfly", v, sz, top); err == nil {
		t.Error("router_radix 43 < 44 accepted")
	}
	m.RouterRadix = 0
	m.EndpointCables = "all"
	b, err = Evaluate(ctx, m, "slimfly", v, sz, top)
	if err != nil {
		t.Fatal(err)
	}
	if b.EndpointCables != 10830 || b.ElectricCables != 3971+10830 || relErr(b.PerEndpoint-base.PerEndpoint, 39.4) > 1e-9 {
		t.Errorf("endpoint cables: %+v", *b)
	}
}
