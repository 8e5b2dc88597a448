package families

// projectiveFamilies returns the projective networks: PN and demi-PN.
func projectiveFamilies() []*Family { return nil }
