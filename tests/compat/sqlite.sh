#!/bin/sh
# sqlite.sh - the sqlite3 shell runs a generated SQL script (tables, an
# index, joins, aggregates, a recursive CTE, a deliberate error) and prints
# the same results, errors and status with and without the shim.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
require sqlite3 gawk
harness_enter "$@"
compat_begin sqlite

script="$COMPAT_DIR/script.sql"
gawk 'BEGIN {
	srand(3)
	print "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, city INTEGER, score REAL);"
	print "CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT);"
	print "BEGIN;"
	for (i = 0; i < 50; i++)
		printf "INSERT INTO city VALUES (%d, %s);\n", i, "'\''city-" i "'\''"
	for (i = 0; i < 60000; i++)
		printf "INSERT INTO person VALUES (%d, %s, %d, %.3f);\n", i, "'\''p" int(rand() * 1e6) "'\''",
			int(rand() * 50), rand() * 100
	print "COMMIT;"
	print "CREATE INDEX person_city ON person (city, score);"
	print "SELECT city.name, count(*), round(avg(score), 3), max(person.name) FROM person JOIN city ON city.id = person.city GROUP BY city.id ORDER BY 2 DESC, 1;"
	print "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000) SELECT sum(x * x), group_concat(x % 7, \"\") FROM n WHERE x % 1000 = 0;"
	print "SELECT name FROM person WHERE city = 7 ORDER BY score DESC, id LIMIT 10;"
	print "SELECT length(group_concat(name)), count(DISTINCT name) FROM person;"
	print "SELECT no_such_column FROM person;"
}' >"$script"

# sqlite3 allocates some 300 MB on the way: a rate that leaves it about
# 1000 samples keeps the trace small.
ALLOCSAMPLE_RATE=262144
# The script comes on the standard input, which an attached run's gate
# holds halfway (tests/lib/compat.sh); -bail stops at the error.
COMPAT_INPUT=$script
compat_both sqlite sqlite3 -bail sqlite.db
compat_end
compat_same sqlite "out err status" 1
# Status 1 for the deliberate error, the last statement, after every query
# printed its rows: 50 cities, one sum, 10 names, one count.
check "sqlite: stopped at the deliberate error, the script's last line ($(head -n 1 "$COMPAT_DIR/sqlite.$COMPAT_MODE.err"))" \
	grep -q "^Parse error near line $(wc -l <"$script"): no such column: no_such_column" \
	"$COMPAT_DIR/sqlite.$COMPAT_MODE.err"
check "sqlite: the queries' 62 rows before it ($(wc -l <"$COMPAT_DIR/sqlite.$COMPAT_MODE.out"))" \
	[ "$(wc -l <"$COMPAT_DIR/sqlite.$COMPAT_MODE.out")" -eq 62 ]
compat_samples
finish
