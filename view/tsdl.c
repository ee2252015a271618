/* tsdl.c - the end of a metadata text's last whole declaration (see tsdl.h). */
#include "view/tsdl.h"

enum lexer_state {
	CODE,
	STRING,         /* after '"' */
	CHARACTER,      /* after '\'' */
	ESCAPED_STRING, /* after '\\' in a string */
	ESCAPED_CHARACTER,
	SLASH,          /* after '/' in code */
	BLOCK_COMMENT,  /* after "slash star" */
	BLOCK_STAR,     /* after '*' in a block comment */
	LINE_COMMENT,   /* after "//" */
};

struct lexer {
	enum lexer_state state;
	size_t depth;   /* braces open */
	size_t whole;   /* the end of the last whole declaration */
	bool blank;     /* nothing but blanks and comments since */
};

/* Byte `i` of the text, `c`, in code. */
static void code(struct lexer *lx, char c, size_t i)
{
	if (c == '/') {
		lx->state = SLASH;
		return;
	}
	if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v')
		lx->blank = false;
	if (c == '"')
		lx->state = STRING;
	else if (c == '\'')
		lx->state = CHARACTER;
	else if (c == '{')
		lx->depth++;
	else if (c == '}' && lx->depth > 0)
		lx->depth--;
	else if (c == ';' && lx->depth == 0) {
		lx->whole = i + 1;
		lx->blank = true;
	}
}

size_t as_view_tsdl_whole(const char *text, size_t len, bool *rest_blank)
{
	struct lexer lx = { CODE, 0, 0, true };
	size_t i;

	for (i = 0; i < len; i++) {
		char c = text[i];

		switch (lx.state) {
		case CODE:
			code(&lx, c, i);
			break;
		case SLASH:
			if (c == '*') {
				lx.state = BLOCK_COMMENT;
			} else if (c == '/') {
				lx.state = LINE_COMMENT;
			} else {
				/* The '/' was code, and so is `c`. */
				lx.blank = false;
				lx.state = CODE;
				code(&lx, c, i);
			}
			break;
		case STRING:
			lx.state = c == '\\' ? ESCAPED_STRING : c == '"' ? CODE : STRING;
			break;
		case ESCAPED_STRING:
			lx.state = STRING;
			break;
		case CHARACTER:
			lx.state = c == '\\' ? ESCAPED_CHARACTER : c == '\'' ? CODE : CHARACTER;
			break;
		case ESCAPED_CHARACTER:
			lx.state = CHARACTER;
			break;
		case BLOCK_COMMENT:
			if (c == '*')
				lx.state = BLOCK_STAR;
			break;
		case BLOCK_STAR:
			lx.state = c == '/' ? CODE : c == '*' ? BLOCK_STAR : BLOCK_COMMENT;
			break;
		case LINE_COMMENT:
			if (c == '\n')
				lx.state = CODE;
			break;
		}
	}
	/* A comment, a string or a '/' still open at the end is part of what
	 * was cut. */
	*rest_blank = lx.blank && (lx.state == CODE || lx.state == LINE_COMMENT);
	return lx.whole;
}
