package arena

import (
	"math"
	"time"
)

// Hist is a latency histogram with logarithmic buckets (2.5 % wide, from
// 50 ns to about 100 s), so that millions of decisions cost a few
// kilobytes and quantiles are exact to a bucket.
type Hist struct {
	Counts [histBuckets]uint64
	N      uint64
	Max    time.Duration
}

const (
	histMin     = 50 * time.Nanosecond
	histGrowth  = 1.025
	histBuckets = 860
)

var logGrowth = math.Log(histGrowth)

// Add records one duration.
func (h *Hist) Add(d time.Duration) {
	i := 0
	if d > histMin {
		i = int(math.Log(float64(d)/float64(histMin)) / logGrowth)
		i = min(i, histBuckets-1)
	}
	h.Counts[i]++
	h.N++
	h.Max = max(h.Max, d)
}

// Merge adds o's counts to h.
func (h *Hist) Merge(o *Hist) {
	if o == nil {
		return
	}
	for i, c := range o.Counts {
		h.Counts[i] += c
	}
	h.N += o.N
	h.Max = max(h.Max, o.Max)
}

// Quantile returns the upper edge of the bucket holding quantile q.
func (h *Hist) Quantile(q float64) time.Duration {
	if h.N == 0 {
		return 0
	}
	want := uint64(math.Ceil(q * float64(h.N)))
	var seen uint64
	for i, c := range h.Counts {
		seen += c
		if seen >= want && c > 0 {
			up := time.Duration(float64(histMin) * math.Pow(histGrowth, float64(i+1)))
			return min(up, h.Max)
		}
	}
	return h.Max
}
