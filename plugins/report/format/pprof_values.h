/*
 * pprof_values.h - what a pprof profile of the report carries beside its
 * estimates so that the intervals of any sum of profiles can be computed
 * again (doc/report-formats.md, "pprof"): the names of its additive
 * sample types and of the labels that keep them valid through a merge.
 * format=pprof writes them (pprof.c), allocsample-profile reads them back
 * (profile/); one spelling for both.
 *
 * Every value is a sum over the samples of one thread x type x stack at
 * one rate, so a merge, which adds the values of samples with the same
 * locations and labels, adds them as the report adds a group's samples
 * (as_estimate_merge): the sum is the value of the union.
 */
#ifndef ALLOCSAMPLE_REPORT_FORMAT_PPROF_VALUES_H
#define ALLOCSAMPLE_REPORT_FORMAT_PPROF_VALUES_H

/* The estimates, pprof's conventional names: alloc_objects is the sum of
 * the samples' weights w = 1 / (1 - q^size), alloc_space the weighted
 * sum, each rounded to a whole number per pprof sample. */
#define ASR_PPROF_ALLOC_OBJECTS "alloc_objects"
#define ASR_PPROF_ALLOC_SPACE "alloc_space"

/* The additive statistics, exact: s, u = sum (size - offset), the
 * threads (1 per pprof sample: a merge adds the streams it joins), and
 * sum w (w - 1), the objects' variance, rounded up (a larger variance
 * only lowers the objects' lower end); and how many of the pprof samples
 * added are of a trace that lost events (0 or 1 each), so that a sum
 * still says its true value is at least its lower end. */
#define ASR_PPROF_SAMPLES "allocsample_samples"
#define ASR_PPROF_UNSAMPLED "allocsample_unsampled"
#define ASR_PPROF_THREADS "allocsample_threads"
#define ASR_PPROF_OBJECTS_VARIANCE "allocsample_objects_variance"
#define ASR_PPROF_INCOMPLETE "allocsample_incomplete"

/* The sampling rate R of the sample's values, a string label (decimal):
 * merges keep samples of different rates apart, and Pyroscope, which
 * groups samples by their string labels only, keeps them in series of
 * their own. */
#define ASR_PPROF_LABEL_RATE "rate"

/* The thread's trial stream, a number no other thread of any run has (a
 * hash of its host, process and thread ids and the time of its first
 * sample): a reader counts each stream once in a group's T.  Numeric,
 * so that Pyroscope does not make a series of each thread. */
#define ASR_PPROF_LABEL_STREAM "stream"

#endif
