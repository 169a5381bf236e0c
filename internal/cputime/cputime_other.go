//go:build !unix

package cputime

import "time"

// Used returns 0 where getrusage is not available: the metric then reads 0.
func Used() time.Duration { return 0 }

// PeakRSS returns 0 where getrusage is not available.
func PeakRSS() int64 { return 0 }
