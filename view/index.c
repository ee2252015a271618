/* index.c - LTTng's index of a stream file's packets (see index.h). */
#include "view/bytes.h"
#include "view/index.h"

int as_view_index_read(const uint8_t *data, size_t size, struct as_view_index *index)
{
	size_t entry_size;

	if (size < AS_VIEW_INDEX_HEADER_SIZE || as_view_uint(data, 4, true) != AS_VIEW_INDEX_MAGIC ||
	    as_view_uint(data + 4, 4, true) != 1)
		return -1;
	entry_size = (size_t) as_view_uint(data + 12, 4, true);
	if (entry_size < AS_VIEW_INDEX_ENTRY_MIN)
		return -1;
	index->data = data;
	index->entry_size = entry_size;
	index->entries = (size - AS_VIEW_INDEX_HEADER_SIZE) / entry_size;
	return 0;
}

bool as_view_index_entry(const struct as_view_index *index, size_t i, uint64_t *offset,
			 uint64_t *size)
{
	const uint8_t *entry = index->data + AS_VIEW_INDEX_HEADER_SIZE + i * index->entry_size;
	uint64_t bits = as_view_uint(entry + 8, 8, true);

	if (bits == 0 || bits % 8 != 0)
		return false;
	*offset = as_view_uint(entry, 8, true);
	*size = bits / 8;
	return true;
}

size_t as_view_index_prefix(const struct as_view_index *index, size_t n)
{
	return AS_VIEW_INDEX_HEADER_SIZE + n * index->entry_size;
}
