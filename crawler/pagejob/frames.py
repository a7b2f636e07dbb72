"""The wire framing between the worker pool and its workers: a call goes out as length-prefixed messages in
``multiprocessing.Connection``'s framing (the pickled call, then each large bytes argument as a message of its own,
uncopied), so the worker reads it with ``recv_bytes``; the pool finds the complete answers at the start of what it
has read without copying them.
"""

from __future__ import annotations

import pickle
import struct
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any

# multiprocessing.Connection's framing, so the worker can read with recv_bytes and write with send_bytes:
# a signed 32-bit big-endian length, or -1 and an unsigned 64-bit length for larger messages.
SHORT_HEADER = struct.Struct("!i")
LONG_HEADER = struct.Struct("!Q")
LONG_MESSAGE = 0x7FFFFFFF
# A bytes argument this long goes to the worker as a frame of its own (pickle protocol 5's out-of-band buffers) instead
# of being copied into the pickled call and that again into the framed message: the call's pickling and framing would
# copy each page twice; the page goes from Scrapy's response to the socket uncopied. Shorter ones (URLs, small pages)
# are not worth a frame (design choice: 4 KB).
OUT_OF_BAND_BYTES = 4096


def length_header(size: int) -> bytes:
    if size > LONG_MESSAGE:
        return SHORT_HEADER.pack(-1) + LONG_HEADER.pack(size)
    return SHORT_HEADER.pack(size)


def call_frames(function: Callable[..., Any], args: Sequence[Any]) -> list[bytes | memoryview]:
    """The messages of one call, each behind its length: the pickled call (the number of out-of-band buffers,
    then the pickle), then each bytes argument of OUT_OF_BAND_BYTES or more as it is."""
    buffers: list[pickle.PickleBuffer] = []
    sent = tuple(pickle.PickleBuffer(arg) if type(arg) is bytes and len(arg) >= OUT_OF_BAND_BYTES else arg
                 for arg in args)
    call = pickle.dumps((function, sent), pickle.HIGHEST_PROTOCOL, buffer_callback=buffers.append)
    frames: list[bytes | memoryview] = [length_header(SHORT_HEADER.size + len(call)), SHORT_HEADER.pack(len(buffers)),
                                        call]
    for buffer in buffers:
        raw = buffer.raw()
        frames += [length_header(len(raw)), raw]
    return frames


def receive_call(connection: Connection) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """In the worker: one call as ``call_frames`` sent it."""
    message = connection.recv_bytes()
    (count,) = SHORT_HEADER.unpack_from(message)
    buffers = [connection.recv_bytes() for _ in range(count)]
    function, args = pickle.loads(memoryview(message)[SHORT_HEADER.size :], buffers=buffers)
    return function, args


def frame_bounds(buffer: bytearray | memoryview) -> tuple[list[tuple[int, int]], int]:
    """(start, end) of the payload of each complete message at the start of ``buffer``, and the bytes they take."""
    frames: list[tuple[int, int]] = []
    start = 0
    while len(buffer) - start >= SHORT_HEADER.size:
        (size,) = SHORT_HEADER.unpack_from(buffer, start)
        header = SHORT_HEADER.size
        if size == -1:
            if len(buffer) - start < header + LONG_HEADER.size:
                break
            (size,) = LONG_HEADER.unpack_from(buffer, start + header)
            header += LONG_HEADER.size
        if len(buffer) - start < header + size:
            break
        start += header + size
        frames.append((start - size, start))
    return frames, start


__all__ = ["LONG_HEADER", "LONG_MESSAGE", "OUT_OF_BAND_BYTES", "SHORT_HEADER", "call_frames", "frame_bounds",
           "length_header", "receive_call"]
