# script.py - "your script" of the documents' `python3 script.py`
# (tests/docs/commands.sh): many small objects, which pymalloc would hide
# from the shim without PYTHONMALLOC=malloc.
index = {}
for i in range(200000):
    word = "word%d" % (i % 5000)
    index.setdefault(word, []).append(i)
print(len(index), "words")
