package bpe

// Byte-pair merge: repeatedly merge the adjacent pair of parts whose
// concatenation has the lowest rank (the leftmost one on ties) until no
// adjacent pair is a token. This is tiktoken's algorithm; short pieces use its
// array scan (quadratic but tiny), long pieces a linked list and a min-heap
// keyed by (rank, offset), which picks exactly the same pair at every step in
// O(n log n).

const noRank = ^uint32(0)

// heapThreshold is the piece length (bytes) from which the heap merge is used.
const heapThreshold = 128

type part struct {
	start int
	rank  uint32 // rank of the merge of this part with the next one
}

// rankOf returns the rank of b, or noRank.
func (t *table) rankOf(b string) uint32 {
	if len(b) > t.maxLen {
		return noRank
	}
	if r, ok := t.ranks[b]; ok {
		return r
	}
	return noRank
}

// appendPiece appends the tokens of one pre-tokenizer piece to out.
func (t *table) appendPiece(piece string, out []int) []int {
	if len(piece) == 1 {
		return append(out, int(t.byteRank[piece[0]]))
	}
	if r, ok := t.ranks[piece]; ok {
		return append(out, int(r))
	}
	if len(piece) < heapThreshold {
		return t.mergeSmall(piece, out)
	}
	return t.mergeLarge(piece, out)
}

// countPiece returns the number of tokens of one piece.
func (t *table) countPiece(piece string) int {
	if len(piece) == 1 {
		return 1
	}
	if _, ok := t.ranks[piece]; ok {
		return 1
	}
	if len(piece) < heapThreshold {
		var buf [heapThreshold + 1]part
		return len(t.mergeParts(piece, buf[:0])) - 1
	}
	var n int
	t.mergeHeap(piece, func(a, b int) { n++ })
	return n
}

func (t *table) mergeSmall(piece string, out []int) []int {
	var buf [heapThreshold + 1]part
	parts := t.mergeParts(piece, buf[:0])
	for k := 0; k+1 < len(parts); k++ {
		out = append(out, int(t.tokenRank(piece[parts[k].start:parts[k+1].start])))
	}
	return out
}

// tokenRank returns the rank of a final part, which is always a token.
func (t *table) tokenRank(b string) uint32 {
	if len(b) == 1 {
		return t.byteRank[b[0]]
	}
	return t.ranks[b]
}

// mergeParts runs tiktoken's array merge and returns the part boundaries,
// ending with a sentinel part at len(piece).
func (t *table) mergeParts(piece string, parts []part) []part {
	n := len(piece)
	minRank, minIdx := noRank, -1
	for i := 0; i < n-1; i++ {
		r := t.rankOf(piece[i : i+2])
		if r < minRank {
			minRank, minIdx = r, i
		}
		parts = append(parts, part{i, r})
	}
	parts = append(parts, part{n - 1, noRank}, part{n, noRank})

	getRank := func(i int) uint32 {
		if i+3 < len(parts) {
			return t.rankOf(piece[parts[i].start:parts[i+3].start])
		}
		return noRank
	}
	for minRank != noRank {
		i := minIdx
		if i > 0 {
			parts[i-1].rank = getRank(i - 1)
		}
		parts[i].rank = getRank(i)
		copy(parts[i+1:], parts[i+2:])
		parts = parts[:len(parts)-1]

		minRank, minIdx = noRank, -1
		for k := 0; k < len(parts)-1; k++ {
			if r := parts[k].rank; r < minRank {
				minRank, minIdx = r, k
			}
		}
	}
	return parts
}

func (t *table) mergeLarge(piece string, out []int) []int {
	t.mergeHeap(piece, func(a, b int) {
		out = append(out, int(t.tokenRank(piece[a:b])))
	})
	return out
}

// A heap key packs (rank, start offset) into one uint64 so that comparing
// keys orders by rank, then leftmost position, as tiktoken's scan does.
func heapKey(rank uint32, start int) uint64 { return uint64(rank)<<32 | uint64(uint32(start)) }

// mergeHeap merges a long piece and calls emit(start, end) for each final
// part, left to right.
func (t *table) mergeHeap(piece string, emit func(a, b int)) {
	n := len(piece)
	if uint64(n) >= 1<<31-1 {
		// Offsets do not fit in an int32; use the array merge (never
		// happens for real inputs).
		parts := t.mergeParts(piece, make([]part, 0, n+1))
		for k := 0; k+1 < len(parts); k++ {
			emit(parts[k].start, parts[k+1].start)
		}
		return
	}
	// Nodes are indexed by start offset: next is the start of the next part
	// (n for the last one), prev the previous part (-1 for the first), rank
	// the rank of the pair (this part, next part); dead parts have rank
	// deadRank.
	type node struct {
		next, prev int32
		rank       uint32
	}
	const deadRank = noRank - 1 // never a real rank
	nodes := make([]node, n)
	h := make(keyHeap, 0, n)
	for i := 0; i < n; i++ {
		r := noRank
		if i+2 <= n {
			r = t.rankOf(piece[i : i+2])
		}
		nodes[i] = node{int32(i + 1), int32(i - 1), r}
		if r != noRank {
			h = append(h, heapKey(r, i))
		}
	}
	h.init()
	pairRank := func(i int32) uint32 {
		j := nodes[i].next
		if int(j) >= n {
			return noRank
		}
		return t.rankOf(piece[i:nodes[j].next])
	}
	for len(h) > 0 {
		top := h.pop()
		i := int32(uint32(top))
		if nodes[i].rank != uint32(top>>32) {
			continue // stale entry (the node died or its pair changed)
		}
		// Merge part i with its next part j.
		j := nodes[i].next
		nj := nodes[j].next
		nodes[j].rank = deadRank
		nodes[i].next = nj
		if int(nj) < n {
			nodes[nj].prev = i
		}
		if r := pairRank(i); r != nodes[i].rank {
			nodes[i].rank = r
			if r != noRank {
				h.push(heapKey(r, int(i)))
			}
		}
		if p := nodes[i].prev; p >= 0 {
			if r := pairRank(p); r != nodes[p].rank {
				nodes[p].rank = r
				if r != noRank {
					h.push(heapKey(r, int(p)))
				}
			}
		}
	}
	for i := 0; i < n; i = int(nodes[i].next) {
		emit(i, int(nodes[i].next))
	}
}

// keyHeap is a 4-ary min-heap of packed keys.
type keyHeap []uint64

func (h keyHeap) init() {
	if len(h) < 2 {
		return
	}
	for i := (len(h) - 2) / 4; i >= 0; i-- {
		h.down(i)
	}
}

func (h *keyHeap) push(k uint64) {
	*h = append(*h, k)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 4
		if a[p] <= k {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = k
}

func (h *keyHeap) pop() uint64 {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	*h = a[:last]
	if last > 0 {
		h.down(0)
	}
	return top
}

func (h keyHeap) down(i int) {
	n := len(h)
	k := h[i]
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		end := c + 4
		if end > n {
			end = n
		}
		for x := c + 1; x < end; x++ {
			if h[x] < h[m] {
				m = x
			}
		}
		if h[m] >= k {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = k
}
