package families

import "math/bits"

// twistedHypercube is Efe's twisted cube TQ_n (odd n) and its extension to
// even n by one plain dimension (see the doc and twistedNeighbor).
func twistedHypercube() *Family {
	return binaryCube("twisted_hypercube", "Twisted hypercube, the twisted cube TQ_n of K. Efe (A Variation on the "+
		"Hypercube with Lower Diameter, IEEE Trans. on Computers 40(11), 1991; the \"twisted hypercube\" [9] "+
		"of Fig. 1(a) of Koibuchi, Fujiwara, Matsutani and Casanova, Layout-conscious Random Topologies for "+
		"HPC Off-chip Interconnects, HPCA 2013): 2^n routers labelled by n-bit words u = u_{n-1}...u_0; with "+
		"the parity P_i(u) = u_i xor u_{i-1} xor ... xor u_0, router u has one link per dimension i: to u "+
		"with bit i flipped when i = 0 or i is odd, and for even i = 2k >= 2 to u with bit 2k flipped if "+
		"P_{2k-2}(u) = 0, else to u with bits 2k and 2k-1 both flipped (the pair of bits 2k, 2k-1 is "+
		"twisted when the bits below it have odd parity). For odd n this is TQ_n in the recursive form of "+
		"Chang, Wang and Hsu (Topological Properties of Twisted Cube, Information Sciences 113, 1999): TQ_1 "+
		"= K_2, and TQ_n is four copies of TQ_{n-2} prefixed 00, 01, 10, 11 with the links 00x ~ 01x and "+
		"10x ~ 11x, plus 00x ~ 10x and 01x ~ 11x if P_{n-3}(x) = 0, else 00x ~ 11x and 01x ~ 10x. The "+
		"twisted cube is defined for odd n only and no standard even-n variant was found in the literature; "+
		"for even n (Fig. 1(a) plots 2^10 routers) this family adds one plain hypercube dimension to "+
		"TQ_{n-1}: two copies of TQ_{n-1} (bit n-1 = 0 and 1) joined by the links 0x ~ 1x, i.e. TQ_{n-1} x "+
		"K_2, which the rule above gives since dimension n-1 is odd. The graph is n-regular with n*2^(n-1) links, as "+
		"many as the hypercube; its diameter is (n+1)/2 for odd n (Efe) and n/2 + 1 for even n (one more "+
		"than TQ_{n-1}), i.e. ceil((n+1)/2): 6 for n = 10, against 10 for the hypercube and 5 for the "+
		"folded hypercube. Router id = label; Coords holds the n bits, bit 0 first. Each router has p "+
		"endpoints.", cubeTwisted)
}

// twistedNeighbor returns the neighbour of router u of a twisted hypercube
// in dimension i: u with bit i flipped for i = 0 and odd i; for even
// i >= 2, u with bit i flipped if the bits 0..i-2 of u have even parity
// (P_{i-2}(u) = 0), else u with bits i and i-1 flipped. The relation is
// symmetric (the bits 0..i-2 do not change) and the n neighbours of a
// router are distinct (each dimension flips a different set of bits).
func twistedNeighbor(u, i int) int {
	if i < 2 || i%2 == 1 {
		return u ^ 1<<i
	}
	if bits.OnesCount(uint(u)&(1<<(i-1)-1))%2 == 1 {
		return u ^ 3<<(i-1)
	}
	return u ^ 1<<i
}
