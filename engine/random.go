package engine

// Rand is the random number source of the game. It produces exactly the
// numbers the original server drew from the C library (glibc's
// srand/rand, the degree-31 additive feedback generator that also drives
// random()), so a seed given to our server deals the same walls, dice and
// random seating as `mj-server --seed N` did.
//
// The generator keeps 31 words of state. Seeding fills them with the
// Park-Miller sequence r[i] = 16807*r[i-1] mod (2^31-1) starting from the
// seed, then throws away the first 310 outputs. Each output adds the word
// three places behind to the current word (mod 2^32) and returns the sum
// without its lowest bit.
//
// The zero value behaves like a generator seeded with 1, which is also
// what the C library does when rand is called before srand. A Rand is not
// safe for concurrent use; the game owns one and draws from it in order.
type Rand struct {
	state  [randDegree]uint32 // the feedback register
	front  int                // index of the word that receives the sum
	rear   int                // index of the word added to it
	seeded bool               // false until seed has run (zero value)
}

const (
	randDegree = 31 // words of state (glibc TYPE_3)
	randSep    = 3  // distance between front and rear
)

// NewRand returns a generator seeded as srand(seed) seeds the C library.
// Only the low 32 bits of seed count, as in C's conversion to unsigned
// int; a seed of 0 is the same as 1. (The original server used the clock
// when no --seed was given; choosing such a seed is the caller's business.)
func NewRand(seed int64) *Rand {
	r := new(Rand)
	r.seed(uint32(seed))
	return r
}

func (r *Rand) seed(seed uint32) {
	if seed == 0 {
		seed = 1
	}
	// The C code keeps the word as a signed 32-bit number and uses
	// Schrage's method (division by 127773 = m/16807, remainder
	// correction with 2836 = m%16807) so the product never overflows.
	// Seeds of 2^31 and above are therefore negative here, and Go's
	// truncating / and % reproduce C's arithmetic on them exactly.
	word := int32(seed)
	r.state[0] = uint32(word)
	for i := 1; i < randDegree; i++ {
		hi := word / 127773
		lo := word % 127773
		word = 16807*lo - 2836*hi
		if word < 0 {
			word += 2147483647
		}
		r.state[i] = uint32(word)
	}
	r.front, r.rear = randSep, 0
	r.seeded = true
	for range 10 * randDegree {
		r.next()
	}
}

func (r *Rand) next() uint32 {
	if !r.seeded {
		r.seed(1)
	}
	r.state[r.front] += r.state[r.rear]
	v := r.state[r.front] >> 1
	r.front++
	if r.front == randDegree {
		r.front = 0
	}
	r.rear++
	if r.rear == randDegree {
		r.rear = 0
	}
	return v
}

// Int returns the next number of the stream, in 0..2^31-1: the value the
// C library's rand() would return.
func (r *Rand) Int() int { return int(r.next()) }

// Index returns a random index in 0..n inclusive, computed from the next
// number of the stream the way the original does it:
// floor((n+1.0)*rand()/2^31) in double precision. Every consumer of
// randomness in the original (shuffle, dice, random seats) goes through
// this function, so callers that want the original's walls must use it
// and not Int. n must not be negative.
func (r *Rand) Index(n int) int {
	if n < 0 {
		panic("engine: Rand.Index of a negative bound")
	}
	// The product is exact in a float64 (below 2^53 for any n the game
	// uses) and the division by a power of two is exact too, so the
	// conversion truncates the same real number C truncates.
	return int(float64(n+1) * float64(r.next()) / 2147483648.0)
}

// Seating returns the order in which the original's --random-seats puts n
// players into seats: element i is the position, in the original order,
// of the player who takes seat i. It draws n numbers, Index(n-1) down to
// Index(0), each choosing among the players not yet seated. For a game of
// four, seat 0 is East, then South, West, North, and the original order
// is the order of connection.
func (r *Rand) Seating(n int) []int {
	used := make([]bool, n)
	order := make([]int, 0, n)
	for i := range n {
		k := r.Index(n - 1 - i) // the k-th player not yet seated
		for j := range n {
			if used[j] {
				continue
			}
			if k == 0 {
				used[j] = true
				order = append(order, j)
				break
			}
			k--
		}
	}
	return order
}
