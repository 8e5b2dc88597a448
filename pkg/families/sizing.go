package families

// sizingFamilies returns the sizing-only families: Long Hop, BDF, Delorme, Moore bounds.
func sizingFamilies() []*Family { return nil }
