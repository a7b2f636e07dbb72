# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The page-kind features' loops in C (optional accelerator; the Python twins are in ``structure_python``, the same
results, tests/test_structure_twins.py): the sibling-structure sums of a page's blocks over libxml2's nodes, and
the marker counts of the short blocks' text.

The climb reads each node's parent, tag and class attribute from its fields: no lxml proxy is made for an
ancestor, and elements are told apart by address in a table of this module (a node's address names it while the
blocks hold its tree). The price and year tests read the characters as ``re`` reads ``PRICE_RE`` and ``YEAR_RE``
(``\\s``, ``\\d`` and ``\\b`` by Python's Unicode tables).

Built against the lxml of the build; importing refuses a runtime lxml of another version.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport Py_UNICODE_ISALNUM, Py_UNICODE_ISDECIMAL, Py_UNICODE_ISSPACE
from libc.string cimport memset, strcmp

cimport lxml.includes.etreepublic as cetree
from lxml.includes cimport tree
from lxml.includes.etreepublic cimport LXML_VERSION_STRING

import lxml.etree

cdef extern from *:
    """
    #ifndef CSTRUCTURE_SOURCE_DIGEST
    #define CSTRUCTURE_SOURCE_DIGEST ""
    #endif
    """
    const char* CSTRUCTURE_SOURCE_DIGEST

# The digest (CRC-32 and size) of the .pyx this module was built from (setup.py passes it), so a caller can refuse a stale build.
SOURCE_DIGEST = (<bytes>CSTRUCTURE_SOURCE_DIGEST).decode("ascii")
BUILT_WITH_LXML = (<bytes>LXML_VERSION_STRING).decode("ascii")
if lxml.etree.__version__ != BUILT_WITH_LXML:
    raise ImportError(f"compiled against lxml {BUILT_WITH_LXML}, running lxml {lxml.etree.__version__}")
cetree.import_lxml__etree()


cdef inline bint _word(Py_UCS4 ch) noexcept:
    return ch == u"_" or Py_UNICODE_ISALNUM(ch)


cdef bint _holds_price(str text):
    """``PRICE_RE.search(text) is not None``: a currency sign, then a decimal digit or a space and one."""
    cdef Py_ssize_t n = len(text), i
    cdef Py_UCS4 ch
    for i in range(n - 1):
        ch = text[i]
        if ch == u"$" or ch == 0x20AC or ch == 0xA3 or ch == 0xA5 or ch == 0x20B9:
            if Py_UNICODE_ISDECIMAL(text[i + 1]):
                return True
            if i + 2 < n and Py_UNICODE_ISSPACE(text[i + 1]) and Py_UNICODE_ISDECIMAL(text[i + 2]):
                return True
    return False


cdef bint _holds_year(str text):
    """``YEAR_RE.search(text) is not None``: 19 or 20 and two decimal digits, word boundaries either side."""
    cdef Py_ssize_t n = len(text), i
    cdef Py_UCS4 ch
    for i in range(n - 3):
        ch = text[i]
        if (ch == u"1" and text[i + 1] == u"9") or (ch == u"2" and text[i + 1] == u"0"):
            if (Py_UNICODE_ISDECIMAL(text[i + 2]) and Py_UNICODE_ISDECIMAL(text[i + 3])
                    and (i == 0 or not _word(text[i - 1])) and (i + 4 == n or not _word(text[i + 4]))):
                return True
    return False


def holds_price(str text):
    return _holds_price(text)


def holds_year(str text):
    return _holds_year(text)


cdef struct Record:
    tree.xmlNode* node
    long long words
    long long linked
    int heading
    int price
    int year
    Py_ssize_t group  # the group of its parent's children it joined, -1 before it climbed
    bint dropped  # met at a lower level: not read again at this one


cdef class _Table:
    """Node address -> record index, open addressing (a power of two of slots, at most half full)."""
    cdef tree.xmlNode** keys
    cdef Py_ssize_t* values
    cdef Py_ssize_t size, used

    def __cinit__(self):
        self.size = 64
        self.used = 0
        self.keys = <tree.xmlNode**>PyMem_Malloc(self.size * sizeof(tree.xmlNode*))
        self.values = <Py_ssize_t*>PyMem_Malloc(self.size * sizeof(Py_ssize_t))
        if self.keys is NULL or self.values is NULL:
            raise MemoryError()
        memset(self.keys, 0, self.size * sizeof(tree.xmlNode*))

    def __dealloc__(self):
        PyMem_Free(self.keys)
        PyMem_Free(self.values)

    cdef inline Py_ssize_t _slot(self, tree.xmlNode* node) noexcept:
        cdef size_t mask = <size_t>(self.size - 1)
        cdef size_t slot = ((<size_t>node) >> 4) * <size_t>11400714819323198485ULL
        slot = (slot >> 20) & mask
        while self.keys[slot] is not NULL and self.keys[slot] is not node:
            slot = (slot + 1) & mask
        return <Py_ssize_t>slot

    cdef Py_ssize_t get(self, tree.xmlNode* node) noexcept:
        cdef Py_ssize_t slot = self._slot(node)
        return self.values[slot] if self.keys[slot] is not NULL else -1

    cdef int put(self, tree.xmlNode* node, Py_ssize_t value) except -1:
        cdef Py_ssize_t slot, i, old_size
        cdef tree.xmlNode** old_keys
        cdef Py_ssize_t* old_values
        if 2 * (self.used + 1) > self.size:
            old_size, old_keys, old_values = self.size, self.keys, self.values
            self.size *= 2
            self.keys = <tree.xmlNode**>PyMem_Malloc(self.size * sizeof(tree.xmlNode*))
            self.values = <Py_ssize_t*>PyMem_Malloc(self.size * sizeof(Py_ssize_t))
            if self.keys is NULL or self.values is NULL:
                PyMem_Free(self.keys)
                PyMem_Free(self.values)
                self.keys, self.values, self.size = old_keys, old_values, old_size
                raise MemoryError()
            memset(self.keys, 0, self.size * sizeof(tree.xmlNode*))
            self.used = 0
            for i in range(old_size):
                if old_keys[i] is not NULL:
                    slot = self._slot(old_keys[i])
                    self.keys[slot] = old_keys[i]
                    self.values[slot] = old_values[i]
                    self.used += 1
            PyMem_Free(old_keys)
            PyMem_Free(old_values)
        slot = self._slot(node)
        if self.keys[slot] is NULL:
            self.used += 1
        self.keys[slot] = node
        self.values[slot] = value
        return 0


cdef class _Records:
    cdef Record* items
    cdef Py_ssize_t size, capacity

    def __cinit__(self):
        self.capacity = 256
        self.size = 0
        self.items = <Record*>PyMem_Malloc(self.capacity * sizeof(Record))
        if self.items is NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.items)

    cdef Py_ssize_t add(self, tree.xmlNode* node) except -1:
        cdef Record* grown
        if self.size == self.capacity:
            grown = <Record*>PyMem_Realloc(self.items, 2 * self.capacity * sizeof(Record))
            if grown is NULL:
                raise MemoryError()
            self.items, self.capacity = grown, 2 * self.capacity
        memset(&self.items[self.size], 0, sizeof(Record))
        self.items[self.size].node = node
        self.items[self.size].group = -1
        self.size += 1
        return self.size - 1


cdef inline tree.xmlNode* _parent(tree.xmlNode* node) noexcept:
    """What ``getparent()`` gives: the parent when it is an element (or comment, PI, entity reference), else NULL."""
    cdef tree.xmlNode* parent = node.parent
    if parent is NULL or not cetree._isElement(parent):
        return NULL
    return parent


cdef str _class_of(tree.xmlNode* node):
    """``element.get("class") or ""``: the class attribute of no namespace; "" for a node that is no element."""
    cdef tree.xmlAttr* attr
    if node.type != tree.XML_ELEMENT_NODE:
        return ""
    attr = node.properties
    while attr is not NULL:
        if attr.ns is NULL and strcmp(<const char*>attr.name, "class") == 0:
            return cetree.attributeValue(node, attr) or ""
        attr = attr.next
    return ""


cdef object _tag_of(tree.xmlNode* node):
    """The element's tag as lxml names it; a comment's, PI's or entity's kind as a number (no name, as lxml's tag of
    such a node is no str)."""
    if node.type == tree.XML_ELEMENT_NODE:
        return cetree.namespacedName(node)
    return <int>node.type


def sibling_structure(blocks, Py_ssize_t depth, long long short_words, Py_ssize_t min_repeats):
    """(groups, widest, heaviest, class counts, words) of the blocks, as ``structure_python.sibling_structure``."""
    cdef _Records records = _Records()
    cdef _Table table = _Table()  # the elements of the level being built, then of every level met ("classes")
    cdef _Table seen = _Table()
    cdef _Table parents = _Table()  # parent -> its group of children
    cdef Record* record
    cdef Record* child
    cdef cetree._Element element
    cdef tree.xmlNode* node
    cdef tree.xmlNode* parent
    cdef long long total = 0, words, linked
    cdef int heading, price, year
    cdef Py_ssize_t index, start, end, step, i, found, groups_made = 0
    cdef dict counts = {}
    cdef list classes = []  # class value by record index (None for a record never read)
    cdef str value, text
    for block in blocks:
        words = block.num_words
        total += words
        if block.element is None:
            continue
        element = <cetree._Element?>block.element
        node = element._c_node
        heading = 1 if "heading" in block.labels else 0
        price = year = 0
        if words <= short_words:  # a card's price or date is a short block of its own
            text = block.text
            price = 1 if _holds_price(text) else 0
            year = 1 if _holds_year(text) else 0
        linked = block.num_words_in_anchor_text
        index = table.get(node)
        if index < 0:
            index = records.add(node)
            classes.append(None)
            table.put(node, index)
            record = &records.items[index]
            record.words, record.linked, record.heading, record.price, record.year = words, linked, heading, price, year
        else:
            record = &records.items[index]
            record.words += words
            record.linked += linked
            record.heading |= heading
            record.price |= price
            record.year |= year
    start, end = 0, records.size
    for step in range(depth + 1):
        for i in range(start, end):
            record = &records.items[i]
            if record.dropped:
                continue
            seen.put(record.node, 1)
            value = _class_of(record.node)
            classes[i] = value
            if value:
                counts[value] = counts.get(value, 0) + 1
        if step == depth:
            break
        table = _Table()
        for i in range(start, end):
            if records.items[i].dropped:
                continue
            parent = _parent(records.items[i].node)
            if parent is NULL:
                continue
            found = parents.get(parent)
            if found < 0:
                found = groups_made
                groups_made += 1
                parents.put(parent, found)
            records.items[i].group = found
            index = table.get(parent)
            if index < 0:
                index = records.add(parent)  # (may move the records: read them by index)
                classes.append(None)
                table.put(parent, index)
                child, record = &records.items[i], &records.items[index]
                record.words, record.linked = child.words, child.linked
                record.heading, record.price, record.year = child.heading, child.price, child.year
                record.dropped = seen.get(parent) >= 0
            else:
                child, record = &records.items[i], &records.items[index]
                record.words += child.words
                record.linked += child.linked
                record.heading |= child.heading
                record.price |= child.price
                record.year |= child.year
        start, end = end, records.size
    return _summaries(records, classes, groups_made, min_repeats) + (counts, total)


cdef tuple _summaries(_Records records, list classes, Py_ssize_t groups_made, Py_ssize_t min_repeats):
    """(groups, widest, heaviest) over the groups of children, each group's members in the order they joined."""
    cdef Py_ssize_t* sizes = <Py_ssize_t*>PyMem_Malloc((groups_made + 1) * sizeof(Py_ssize_t))
    cdef Py_ssize_t* offsets = <Py_ssize_t*>PyMem_Malloc((groups_made + 1) * sizeof(Py_ssize_t))
    cdef Py_ssize_t* members = <Py_ssize_t*>PyMem_Malloc((records.size + 1) * sizeof(Py_ssize_t))
    cdef Py_ssize_t g, i, m, repeats, best, count, groups = 0
    cdef long long words, linked, heading, price, year
    cdef Record* record
    cdef tuple widest = (0, 0, 0, 0, 0, 0), heaviest = (0, 0, 0, 0, 0, 0), summary
    cdef dict shapes
    cdef list keys
    if sizes is NULL or offsets is NULL or members is NULL:
        PyMem_Free(sizes)
        PyMem_Free(offsets)
        PyMem_Free(members)
        raise MemoryError()
    try:
        memset(sizes, 0, (groups_made + 1) * sizeof(Py_ssize_t))
        for i in range(records.size):
            if records.items[i].group >= 0:
                sizes[records.items[i].group] += 1
        m = 0
        for g in range(groups_made):
            offsets[g] = m
            m += sizes[g]
            sizes[g] = 0
        for i in range(records.size):  # records in index order: each group's members in the order they joined
            g = records.items[i].group
            if g >= 0:
                members[offsets[g] + sizes[g]] = i
                sizes[g] += 1
        for g in range(groups_made):
            if sizes[g] < min_repeats:
                continue
            keys = []
            shapes = {}
            for m in range(offsets[g], offsets[g] + sizes[g]):
                key = (_tag_of(records.items[members[m]].node), classes[members[m]])
                keys.append(key)
                shapes[key] = shapes.get(key, 0) + 1
            best_key = None
            repeats = 0
            for key, count in shapes.items():  # the first of the most repeated
                if count > repeats:
                    best_key, repeats = key, count
            if repeats < min_repeats or not isinstance(best_key[0], str):
                continue
            groups += 1
            words = linked = heading = price = year = 0
            for m in range(sizes[g]):
                if keys[m] == best_key:
                    record = &records.items[members[offsets[g] + m]]
                    words += record.words
                    linked += record.linked
                    heading += record.heading
                    price += record.price
                    year += record.year
            if repeats > widest[0] or (repeats == widest[0] and words > widest[1]):
                widest = (repeats, words, linked, heading, price, year)
            if words > heaviest[1] or (words == heaviest[1] and repeats > heaviest[0]):
                heaviest = (repeats, words, linked, heading, price, year)
    finally:
        PyMem_Free(sizes)
        PyMem_Free(offsets)
        PyMem_Free(members)
    return groups, widest, heaviest


cdef inline bint _alnum(Py_UCS4 ch) noexcept:
    """What ``[^\\W_]`` matches: a word character but the underscore."""
    if ch < 128:
        return (u"a" <= ch <= u"z") or (u"A" <= ch <= u"Z") or (u"0" <= ch <= u"9")
    return Py_UNICODE_ISALNUM(ch)


cdef inline unsigned long long _mix(unsigned long long hash, Py_UCS4 ch) noexcept:
    return (hash ^ <unsigned long long>ch) * 1099511628211ULL


cdef class _Words:
    """The words of a ``{word: kind}`` table, looked up by their characters without making a string (FNV-1a over
    the code points, open addressing)."""
    cdef list words
    cdef list kinds
    cdef Py_ssize_t* slots  # word index + 1, 0 for an empty slot
    cdef size_t mask
    cdef object source

    def __cinit__(self, dict table):
        cdef Py_ssize_t size = 16, i
        cdef size_t slot
        cdef unsigned long long hash
        cdef str word
        self.source = table
        self.words = [word for word in table if isinstance(word, str) and word]
        self.kinds = [table[word] for word in self.words]
        while size < 4 * (len(self.words) + 1):
            size *= 2
        self.mask = <size_t>(size - 1)
        self.slots = <Py_ssize_t*>PyMem_Malloc(size * sizeof(Py_ssize_t))
        if self.slots is NULL:
            raise MemoryError()
        memset(self.slots, 0, size * sizeof(Py_ssize_t))
        for i in range(len(self.words)):
            word = self.words[i]
            hash = 14695981039346656037ULL
            for ch in word:
                hash = _mix(hash, ch)
            slot = <size_t>hash & self.mask
            while self.slots[slot]:
                slot = (slot + 1) & self.mask
            self.slots[slot] = i + 1

    def __dealloc__(self):
        PyMem_Free(self.slots)

    cdef Py_ssize_t find(self, str text, Py_ssize_t start, Py_ssize_t end, unsigned long long hash):
        """The index of the word ``text[start:end]`` (whose hash is ``hash``), or -1."""
        cdef size_t slot = <size_t>hash & self.mask
        cdef Py_ssize_t index, i
        cdef str word
        while self.slots[slot]:
            index = self.slots[slot] - 1
            word = <str>self.words[index]
            if len(word) == end - start:
                for i in range(end - start):
                    if word[i] != text[start + i]:
                        break
                else:
                    return index
            slot = (slot + 1) & self.mask
        return -1


# The last table of each function (its caller passes the same dict each time: read once).
cdef _Words _last_markers = None
cdef _Words _last_classes = None


def marker_counts(str text, dict kinds, Py_ssize_t size):
    """[price matches, year matches, then per kind 0..size-1 the tokens of ``WORD_RE`` that ``kinds`` names] of
    the text, as ``structure_python.marker_counts``."""
    global _last_markers
    cdef list counts = [0] * (2 + size)
    cdef Py_ssize_t n = len(text), i = 0, start, index, prices = 0, years = 0
    cdef long long* found = <long long*>PyMem_Malloc((size + 1) * sizeof(long long))
    cdef unsigned long long hash
    cdef Py_UCS4 ch
    cdef _Words words
    cdef object kind
    if found is NULL:
        raise MemoryError()
    try:
        memset(found, 0, (size + 1) * sizeof(long long))
        if _last_markers is None or _last_markers.source is not kinds:
            _last_markers = _Words(kinds)
        words = _last_markers
        while i < n:
            ch = text[i]
            if ch == u"$" or ch == 0x20AC or ch == 0xA3 or ch == 0xA5 or ch == 0x20B9:
                if i + 1 < n and (Py_UNICODE_ISDECIMAL(text[i + 1]) or (
                        i + 2 < n and Py_UNICODE_ISSPACE(text[i + 1]) and Py_UNICODE_ISDECIMAL(text[i + 2]))):
                    prices += 1
            if _alnum(ch):
                start = i
                # a year starts a run of letters and digits (the character before it is no word character)
                if ((ch == u"1" or ch == u"2") and i + 3 < n
                        and ((ch == u"1" and text[i + 1] == u"9") or (ch == u"2" and text[i + 1] == u"0"))
                        and Py_UNICODE_ISDECIMAL(text[i + 2]) and Py_UNICODE_ISDECIMAL(text[i + 3])
                        and (i == 0 or not _word(text[i - 1])) and (i + 4 == n or not _word(text[i + 4]))):
                    years += 1
                hash = 14695981039346656037ULL
                while i < n and _alnum(text[i]):
                    hash = _mix(hash, text[i])
                    i += 1
                index = words.find(text, start, i, hash)
                if index >= 0:
                    kind = words.kinds[index]
                    if 0 <= kind < size:
                        found[<Py_ssize_t>kind] += 1
                continue
            if ch == 0x2605:  # the star of a rating, a token of its own
                index = words.find(text, i, i + 1, _mix(14695981039346656037ULL, ch))
                if index >= 0:
                    kind = words.kinds[index]
                    if 0 <= kind < size:
                        found[<Py_ssize_t>kind] += 1
            i += 1
        counts[0], counts[1] = prices, years
        for index in range(size):
            counts[2 + index] = found[index]
    finally:
        PyMem_Free(found)
    return counts


def class_marks(dict counts, dict words, Py_ssize_t size):
    """[for each group 0..size-1, how many elements carry a class value naming it] of ``{class value: elements}``, as
    ``structure_python.class_marks``: a value names a group when one of its runs of a-z, lower-cased, or that run
    but its last letter, is a word of ``words``; each group counted once per value."""
    global _last_classes
    cdef list marks = [0] * size
    cdef long long* found = <long long*>PyMem_Malloc((size + 1) * sizeof(long long))
    cdef unsigned char* named = <unsigned char*>PyMem_Malloc(size + 1)
    cdef Py_ssize_t n, i, start, index, group
    cdef unsigned long long hash, before
    cdef Py_UCS4 ch
    cdef long long count
    cdef str lowered
    cdef _Words table
    if found is NULL or named is NULL:
        PyMem_Free(found)
        PyMem_Free(named)
        raise MemoryError()
    try:
        memset(found, 0, (size + 1) * sizeof(long long))
        if _last_classes is None or _last_classes.source is not words:
            _last_classes = _Words(words)
        table = _last_classes
        for value, number in counts.items():
            count = number
            lowered = (<str>value).lower()
            n = len(lowered)
            memset(named, 0, size + 1)
            i = 0
            while i < n:
                ch = lowered[i]
                if not (u"a" <= ch <= u"z"):
                    i += 1
                    continue
                start = i
                hash = before = 14695981039346656037ULL
                while i < n and u"a" <= lowered[i] <= u"z":
                    before = hash
                    hash = _mix(hash, lowered[i])
                    i += 1
                index = table.find(lowered, start, i, hash)
                if index < 0 and i - start > 1:  # a plural: the word without its last letter
                    index = table.find(lowered, start, i - 1, before)
                if index >= 0:
                    group = table.kinds[index]
                    if 0 <= group < size and not named[group]:
                        named[group] = 1
                        found[group] += count
        for i in range(size):
            marks[i] = found[i]
    finally:
        PyMem_Free(found)
        PyMem_Free(named)
    return marks
