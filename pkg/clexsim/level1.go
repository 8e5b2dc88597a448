package clexsim

import "math"

// level1 runs A(1), the load-balancing algorithm on a clique of K nodes
// (Section II-D with the practical modifications of Section III-A):
//
//   - Phase 1 (one round): every node sends, along each of its K links, one
//     of its messages for that link's node directly (the paper's "direct
//     first attempt"); a node's other messages for the same destination
//     remain.
//   - Phase p >= 2 is iteration i = p-1 of the paper's loop with k(1) = 1,
//     k(i+1) = min{k(i) e^(floor(k(i))/5), sqrt(ln K)}: each remaining
//     message gets ceil(k(i)) copies, which the node spreads over the K
//     nodes as relays so that every relay gets the same number up to one
//     (a random permutation of the relays, copies of one message on distinct
//     relays). A relay forwards, to each destination, one of the copies it
//     got for it, chosen at random (all requests of the clique are served in
//     one random order); a message with a forwarded copy is delivered.
//   - With RequestAck (dense traffic) the copies are requests: a relay
//     acknowledges at most one request per destination and per sender, the
//     sender sends the message to one relay that acknowledged, and the relay
//     forwards it: two hops per relayed message. Without it (light traffic)
//     the copies are whole messages, at most one per link and round (a node
//     with more than K copies to send sends K), and every copy sent and
//     every copy forwarded is a hop.
//
// Relays include the sender and the destination (the graph has loops).
// Rounds: phase 1 is round 1 and phase p >= 2 takes two rounds, so a
// message delivered in phase p spent 2p-1 rounds on this instance; with
// RequestAck the request and acknowledgement delay the relayed messages by
// two more rounds, which the instance's duration (MaxRounds: 2P+1 for P
// phases) includes and the messages' average (AvgRounds) does not: the
// paper's Table I needs both readings (its maximum of 11 rounds is the five
// phases of its Fig. 3; its average, 13.69 over 8 calls, is 1 + 2f with f
// the relayed third of the messages).
type level1 struct {
	k     int
	cnt   []int32 // cnt[v*K+j]: messages of v for j not yet delivered
	msgs  []int32 // remaining messages of this phase: v*K+j
	req   []int64 // requests: message index << 32 | relay
	perm  []int32
	stamp int32
	usedD []int32 // relay*K+dest: stamp of the phase that used it
	usedS []int32 // relay*K+sender
	done  []int32 // per message of the phase: stamp when delivered
	kmax  float64
}

func newLevel1(K int) level1 {
	return level1{
		k: K, cnt: make([]int32, K*K), perm: make([]int32, K),
		usedD: make([]int32, K*K), usedS: make([]int32, K*K),
		kmax: math.Sqrt(math.Log(float64(K))),
	}
}

// run delivers the messages in recs (stride sm.stride) within the clique
// at base: their current nodes become their targets t_1.
func (a *level1) run(sm *sim, recs []int32, base int32, seed uint64, st *stats) {
	S := sm.stride
	K := int32(a.k)
	n := len(recs) / S
	clear(a.cnt)
	for i := range n {
		rec := recs[i*S : i*S+S]
		a.cnt[(rec[0]-base)*K+rec[1]-base]++
		rec[0] = rec[1]
	}
	st.phase(0, int64(n))
	if n == 0 {
		return
	}
	r := newRNG(seed)
	var rounds, hops int64
	// Phase 1: one message per link directly.
	left := int64(0)
	for i, c := range a.cnt {
		if c > 0 {
			a.cnt[i] = c - 1
			left += int64(c - 1)
		}
	}
	delivered := int64(n) - left
	rounds += delivered
	hops += delivered
	st.phase(1, left)
	p := 1
	kc := 1.0
	for left > 0 {
		p++
		copies := int32(math.Ceil(kc))
		a.stamp++
		a.req = a.req[:0]
		a.msgs = a.msgs[:0]
		for v := range K {
			m0 := int32(len(a.msgs))
			for j := range K {
				for range a.cnt[v*K+j] {
					a.msgs = append(a.msgs, v*K+j)
				}
			}
			m := int32(len(a.msgs)) - m0
			if m == 0 {
				continue
			}
			// The node's messages in a random order, its relays in a random
			// order; copy t goes to relay perm[t mod K].
			mine := a.msgs[m0:]
			for i := m - 1; i > 0; i-- {
				j := int32(r.n(uint32(i + 1)))
				mine[i], mine[j] = mine[j], mine[i]
			}
			for i := range a.perm {
				a.perm[i] = int32(i)
			}
			for i := K - 1; i > 0; i-- {
				j := int32(r.n(uint32(i + 1)))
				a.perm[i], a.perm[j] = a.perm[j], a.perm[i]
			}
			c := copies
			total := m * c
			if !sm.ack && total > K {
				// Whole copies: one per link and round.
				c = max(1, K/m)
				total = min(m*c, K)
			}
			for t := range total {
				a.req = append(a.req, int64(m0+t/c)<<32|int64(a.perm[t%K]))
			}
			if !sm.ack {
				hops += int64(total)
			}
		}
		if cap(a.done) < len(a.msgs) {
			a.done = make([]int32, cap(a.msgs))
		}
		done := a.done[:len(a.msgs)]
		// Relays serve the requests in one random order.
		for i := len(a.req) - 1; i > 0; i-- {
			j := int(r.n(uint32(i + 1)))
			a.req[i], a.req[j] = a.req[j], a.req[i]
		}
		var got int64
		for _, q := range a.req {
			mi, relay := int32(q>>32), int32(q&0xffffffff)
			vj := a.msgs[mi]
			v, j := vj/K, vj%K
			if a.usedD[relay*K+j] == a.stamp {
				continue
			}
			if sm.ack {
				if a.usedS[relay*K+v] == a.stamp {
					// The relay takes one message per incoming link. Relays
					// decide independently: an acknowledgement for a message
					// another relay acknowledged too is wasted, as the sender
					// sends the message to one of them.
					continue
				}
				a.usedS[relay*K+v] = a.stamp
			} else {
				hops++ // the relay forwards this copy
			}
			a.usedD[relay*K+j] = a.stamp
			if done[mi] != a.stamp {
				done[mi] = a.stamp
				got++
				a.cnt[vj]--
			}
		}
		if sm.ack {
			hops += 2 * got
		}
		rounds += got * int64(2*p-1)
		left -= got
		st.phase(p, left)
		kc = min(kc*math.Exp(math.Floor(kc)/5), a.kmax)
		if kc < 1 {
			kc = 1
		}
	}
	dur := 1
	if p > 1 {
		dur = 2*p - 1
		if sm.ack {
			dur += 2
		}
	}
	st.rounds[0] += rounds
	st.hops[0] += hops
	st.maxRounds[0] = max(st.maxRounds[0], dur)
	st.maxPhases = max(st.maxPhases, p)
}
