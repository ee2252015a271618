#!/usr/bin/env python3
"""flame-frames.py DOM [ID] - the flame graph of a report page's DOM, dumped
by Chromium (tests/report/flamegraph.sh), with the standard library only:
the graph in the <div> of id ID ("flame", the page's own, unless given: a
copy of it the test's script made), as a line "svg WIDTH", then one line
per frame drawn, tab-separated: its classes, x, y, width, fill and tooltip
(the <title>, its line breaks written as the two characters \\n)."""
import sys
from html.parser import HTMLParser


class Flame(HTMLParser):
    def __init__(self, holder):
        super().__init__()
        self.holder = holder    # the id of the <div> that holds the graph
        self.depth = 0          # element depth inside that <div>, 0 outside
        self.frame = None       # the frame being read
        self.in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.depth == 0:
            if tag == "div" and a.get("id") == self.holder:
                self.depth = 1
            return
        self.depth += 1
        if tag == "svg" and self.depth == 2:
            print("svg\t%s" % a.get("width"))
        elif tag == "g" and "frame" in a.get("class", "").split():
            x, y = a["transform"][len("translate("):-1].split(",")
            self.frame = {"class": a["class"], "x": x, "y": y, "title": ""}
        elif tag == "rect" and self.frame is not None and "width" not in self.frame:
            self.frame["width"] = a.get("width")
            self.frame["fill"] = a.get("fill")
        elif tag == "title" and self.frame is not None:
            self.in_title = True

    def handle_endtag(self, tag):
        if self.depth == 0:
            return
        self.depth -= 1
        if tag == "title":
            self.in_title = False
        elif tag == "g" and self.frame is not None:
            f = self.frame
            print("\t".join([f["class"], f["x"], f["y"], f.get("width", ""), f.get("fill", ""),
                             f["title"].replace("\n", "\\n")]))
            self.frame = None

    def handle_data(self, data):
        if self.in_title:
            self.frame["title"] += data


with open(sys.argv[1], encoding="utf-8") as dom:
    Flame(sys.argv[2] if len(sys.argv) > 2 else "flame").feed(dom.read())
