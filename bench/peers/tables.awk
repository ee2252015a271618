# tables.awk - bench/peers.sh's figures, lines "WORKLOAD CONFIG ROUND KEY
# VALUE", as the markdown tables of doc/performance.md section 6.  A
# configuration that failed on a workload (key "failed") is said to have.
#
# Variables: workloads and configs, in the order of the tables; rounds.
# A workload's measures are its keys "time" (wall time) and "cpu" (CPU
# time), in milliseconds, lower is better, and "rps.TEST" (redis requests
# per second), higher is better.  Each
# configuration is compared with its baseline run of the same round (the
# ratios are paired), and the tables give the median of the rounds'
# ratios with their minimum and maximum.

{
	value[$1, $2, $4, $3] = $5
	if (($4 == "time" || $4 == "cpu" || $4 ~ /^rps\./) && !(($1, $4) in is_measure)) {
		is_measure[$1, $4] = 1
		measures[$1] = measures[$1] " " $4
	}
	ran[$1, $2] = 1
	if ($4 == "failed")
		failed[$1, $2] = 1
}

function baseline(config) {
	return config == "jemalloc-prof" ? "jemalloc" : config == "tcmalloc-sample" ? "tcmalloc" : "none"
}

function records(config) {
	return config ~ /^(shim-rec|wrapper-rec|heaptrack|jemalloc-prof|tcmalloc-sample|dhat)$/
}

function config_label(config) {
	return config == "none" ? "no preload" :
	       config == "shim-idle" ? "allocsample, no session" :
	       config == "shim-rec" ? "allocsample recording, every 128 KiB" :
	       config == "wrapper-rec" ? "lttng-ust libc wrapper recording" :
	       config == "heaptrack" ? "heaptrack" :
	       config == "jemalloc" ? "jemalloc" :
	       config == "jemalloc-prof" ? "jemalloc, prof:true,lg_prof_sample:17" :
	       config == "tcmalloc" ? "tcmalloc" :
	       config == "tcmalloc-sample" ? "tcmalloc, sampling every 128 KiB" :
	       config == "dhat" ? "valgrind --tool=dhat" : config
}

function measure_label(workload, measure) {
	if (measure == "time")
		return workload " (time)"
	if (measure == "cpu")
		return workload " (CPU time)"
	sub(/^rps\./, "", measure)
	return workload " " measure " (throughput)"
}

# sorted(LIST): LIST's numbers (separated by spaces) into the array s[1..n],
# ascending; returns n.
function sorted(list,   n, i, j, x) {
	n = split(list, s, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && s[j - 1] + 0 > s[j] + 0; j--) {
			x = s[j]; s[j] = s[j - 1]; s[j - 1] = x
		}
	return n
}

# median(LIST): the median of LIST's numbers, "" if there are none; the
# minimum and maximum in lowest and highest.
function median(list,   n) {
	n = sorted(list)
	if (n == 0)
		return ""
	lowest = s[1]
	highest = s[n]
	return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}

# values(WORKLOAD, CONFIG, KEY): the rounds' values, as a list.
function values(workload, config, key,   r, list) {
	list = ""
	for (r = 1; r <= rounds; r++)
		if ((workload, config, key, r) in value && value[workload, config, key, r] != "")
			list = list " " value[workload, config, key, r]
	return list
}

# ratios(WORKLOAD, CONFIG, KEY): the rounds' ratios to the baseline's run of
# the same round, as a list.
function ratios(workload, config, key,   r, base, list) {
	base = baseline(config)
	list = ""
	for (r = 1; r <= rounds; r++)
		if ((workload, config, key, r) in value && (workload, base, key, r) in value &&
		    value[workload, base, key, r] > 0)
			list = list " " value[workload, config, key, r] / value[workload, base, key, r]
	return list
}

function bytes(n) {
	if (n < 1024)
		return sprintf("%d B", n)
	if (n < 1048576)
		return sprintf("%.3g KiB", n / 1024)
	if (n < 1073741824)
		return sprintf("%.3g MiB", n / 1048576)
	return sprintf("%.3g GiB", n / 1073741824)
}

function count(n) {
	return n >= 1e6 ? sprintf("%.3g M", n / 1e6) : n >= 1e3 ? sprintf("%.3g k", n / 1e3) : n
}

# allocated(WORKLOAD): the bytes the workload allocates, allocsample's
# estimate (the median of its recording runs).
function allocated(workload) {
	return median(values(workload, "shim-rec", "allocated"))
}

# written_cell(WORKLOAD, CONFIG): bytes written per GiB allocated, and the
# events the tracer discarded.
function written_cell(workload, config,   w, a, d, cell) {
	if (!records(config))
		return "—"
	w = median(values(workload, config, "written"))
	a = allocated(workload)
	if (w == "" || a == "" || a == 0)
		return "?"
	cell = bytes(w / a * 1073741824)
	if (config == "tcmalloc-sample")
		cell = cell " (kept in memory)"
	if (index(values(workload, config, "discarded"), "unknown"))
		return cell ", events discarded (lttng list gave no count)"
	d = median(values(workload, config, "discarded"))
	if (d != "" && d > 0)
		cell = cell sprintf(", %s events discarded", count(d))
	return cell
}

function ratio_cell(workload, config, measure,   m) {
	if (config == baseline(config))
		return "1"
	m = median(ratios(workload, config, measure))
	if (m == "")
		return "—"
	return sprintf("%.3f [%.3f–%.3f]", m, lowest, highest)
}

function measure_cell(measure, m) {
	if (m == "")
		return "—"
	return measure ~ /^rps\./ ? sprintf("%d/s", m) : sprintf("%d ms", m)
}

BEGIN {
	nw = split(workloads, workload_list, " ")
	nc = split(configs, config_list, " ")
}

END {
	print "| workload | configuration | median | ratio to its baseline: median [min–max] | peak RSS | written per GiB allocated |"
	print "| --- | --- | ---: | ---: | ---: | ---: |"
	for (i = 1; i <= nw; i++) {
		w = workload_list[i]
		nm = split(measures[w], measure_list, " ")
		for (j = 1; j <= nm; j++)
			for (k = 1; k <= nc; k++) {
				c = config_list[k]
				if (!((w, c) in ran))
					continue
				m = measure_list[j]
				if ((w, c) in failed) {
					printf "| %s | %s | failed | failed | — | — |\n", measure_label(w, m), config_label(c)
					continue
				}
				rss = median(values(w, c, "rss"))
				printf "| %s | %s | %s | %s | %s | %s |\n", measure_label(w, m), config_label(c),
					measure_cell(m, median(values(w, c, m))), ratio_cell(w, c, m),
					rss == "" ? "?" : sprintf("%.0f MiB", rss / 1024), written_cell(w, c)
			}
	}

	print ""
	print "Ratios to no preload (jemalloc's and tcmalloc's profilers: to the same allocator without them); time: lower is better, throughput: higher is better; in bold, the lowest cost among the configurations that record."
	print ""
	header = "| workload |"
	rule = "| --- |"
	for (k = 1; k <= nc; k++)
		if (config_list[k] != baseline(config_list[k])) {
			header = header " " config_label(config_list[k]) " |"
			rule = rule " ---: |"
		}
	print header " allocsample recording within 2% | and the lowest |"
	print rule " --- | --- |"
	for (i = 1; i <= nw; i++) {
		w = workload_list[i]
		nm = split(measures[w], measure_list, " ")
		for (j = 1; j <= nm; j++) {
			m = measure_list[j]
			best = ""
			for (k = 1; k <= nc; k++) {
				c = config_list[k]
				if (!records(c) || !((w, c) in ran) || (w, c) in failed)
					continue
				ratio[c] = median(ratios(w, c, m))
				if (ratio[c] != "" && (best == "" || (m ~ /^rps\./ ? ratio[c] > ratio[best] : ratio[c] < ratio[best])))
					best = c
			}
			line = "| " measure_label(w, m) " |"
			for (k = 1; k <= nc; k++) {
				c = config_list[k]
				if (c == baseline(c))
					continue
				x = (w, c) in ran ? median(ratios(w, c, m)) : ""
				cell = (w, c) in failed ? "failed" : x == "" ? "—" : sprintf("%.3f", x)
				if (c == best)
					cell = "**" cell "**"
				line = line " " cell " |"
			}
			x = median(ratios(w, "shim-rec", m))
			within = x == "" ? "—" : (m ~ /^rps\./ ? x >= 0.98 : x <= 1.02) ? "yes" : "no"
			line = line " " within " | " (best == "" ? "—" : best == "shim-rec" ? "yes" : "no, " config_label(best)) " |"
			print line
		}
	}

	print ""
	print "| workload | bytes allocated: allocsample's estimate (median) | heaptrack's total (last round) | dhat's total (last round) | load average (1 min) after its runs |"
	print "| --- | ---: | ---: | ---: | ---: |"
	for (i = 1; i <= nw; i++) {
		w = workload_list[i]
		a = allocated(w)
		h = median(values(w, "heaptrack", "allocated"))
		d = median(values(w, "dhat", "allocated"))
		loads = ""
		for (k = 1; k <= nc; k++)
			loads = loads values(w, config_list[k], "load")
		median(loads)
		printf "| %s | %s | %s | %s | %s |\n", w, a == "" ? "—" : bytes(a), h == "" ? "—" : bytes(h),
			d == "" ? "—" : bytes(d), loads == "" ? "—" : sprintf("%.2f to %.2f", lowest, highest)
	}
}
