# Many hosts: two traces recorded in UTS namespaces of their own (hostnames
# alpha and beta), read by one report, as directories and through one
# lttng-relayd on loopback.  The workload is the report tests'
# typed-workload (tests/report/local.mk).
HOSTS_TESTS = tests/hosts/hosts.sh
TESTS += $(HOSTS_TESTS)
EXTRA_DIST += $(HOSTS_TESTS)
