package families

// permutable adds the permutation parameters of the layout paper (P-topo and
// PF-topo) to a family whose routers have a cabinet assignment.
func permutable(f *Family) *Family { return f }
