#!/bin/sh
# sqlite-workload.sh ROWS - writes on standard output an SQL script for the
# sqlite3 shell, for bench/peers.sh: an order book of ROWS orders (default
# 100000) over customers and products, inserted in one transaction, then
# indexed, joined, grouped, ranked with window functions, rewritten with
# json and string functions, updated and deleted.  The same ROWS always give
# the same script (a fixed seed).
set -eu

awk -v rows="${1:-100000}" 'BEGIN {
	srand(20261124)
	customers = int(rows / 20) + 1
	products = 500
	print "PRAGMA cache_size = -65536;"
	print "CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, city TEXT, joined TEXT);"
	print "CREATE TABLE product (id INTEGER PRIMARY KEY, label TEXT, price REAL, tags TEXT);"
	print "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER, product INTEGER, quantity INTEGER, placed TEXT, note TEXT);"
	print "BEGIN;"
	for (i = 1; i <= customers; i++)
		printf "INSERT INTO customer VALUES (%d, '\''customer %06d'\'', '\''city-%d'\'', date('\''2020-01-01'\'', '\''+%d days'\''));\n",
			i, int(rand() * 1e6), int(rand() * 80), int(rand() * 1500)
	for (i = 1; i <= products; i++)
		printf "INSERT INTO product VALUES (%d, '\''product %d'\'', %.2f, json_array('\''t%d'\'', '\''t%d'\''));\n",
			i, i, 1 + rand() * 500, int(rand() * 30), int(rand() * 30)
	for (i = 1; i <= rows; i++) {
		note = ""
		for (j = int(rand() * 12); j > 0; j--)
			note = note sprintf("w%d ", int(rand() * 400))
		printf "INSERT INTO orders VALUES (%d, %d, %d, %d, datetime('\''2024-01-01'\'', '\''+%d minutes'\''), '\''%s'\'');\n",
			i, 1 + int(rand() * customers), 1 + int(rand() * products), 1 + int(rand() * 9),
			int(rand() * 500000), note
	}
	print "COMMIT;"
	print "CREATE INDEX orders_customer ON orders (customer, placed);"
	print "CREATE INDEX orders_product ON orders (product);"
	print "SELECT c.city, count(*), round(sum(o.quantity * p.price), 2) FROM orders o JOIN customer c ON c.id = o.customer JOIN product p ON p.id = o.product GROUP BY c.city ORDER BY 3 DESC LIMIT 5;"
	print "SELECT customer, placed, rank() OVER (PARTITION BY customer ORDER BY quantity DESC, placed) AS r, sum(quantity) OVER (PARTITION BY customer ORDER BY placed ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) FROM orders ORDER BY customer, r LIMIT 5;"
	print "SELECT strftime('\''%Y-%m'\'', placed) AS month, count(DISTINCT customer), group_concat(DISTINCT product) IS NOT NULL FROM orders GROUP BY month ORDER BY month LIMIT 3;"
	print "SELECT j.value, count(*) FROM orders o JOIN product p ON p.id = o.product, json_each(p.tags) j GROUP BY j.value ORDER BY 2 DESC LIMIT 5;"
	print "SELECT length(group_concat(upper(note), '\''|'\'')), count(*) FROM (SELECT note FROM orders WHERE note LIKE '\''%w1%'\'' ORDER BY note);"
	print "WITH RECURSIVE chain(id, depth) AS (SELECT 1, 0 UNION ALL SELECT o.customer, depth + 1 FROM chain JOIN orders o ON o.id = chain.id * 7 % " rows " + 1 WHERE depth < 2000) SELECT max(depth), count(DISTINCT id) FROM chain;"
	print "UPDATE orders SET note = replace(note, '\''w'\'', '\''word-'\'') WHERE quantity > 5;"
	print "DELETE FROM orders WHERE id % 3 = 0;"
	print "SELECT count(*), sum(length(note)) FROM orders;"
	print "VACUUM;"
}'
