"""Flask request and response helpers shared by the test servers.

Reading a request's JSON body, answering JSON, and the one avatar picture every test user has
(a valid 1x1 grey PNG served by `avatar_response`).
"""

import struct
import zlib

from flask import Response, json, request


def json_body():
    """The request's JSON object, or {} when there is none."""
    data = request.get_json(silent=True)
    return data if isinstance(data, dict) else {}


def json_response(obj, status=200, headers=None):
    return Response(json.dumps(obj), status=status, headers=headers,
                    content_type="application/json")


def _png_1x1():
    """A valid 1x1 grey PNG, served as every test user's avatar/picture."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00\x80")) + chunk(b"IEND", b""))


AVATAR_PNG = _png_1x1()


def avatar_response():
    return Response(AVATAR_PNG, content_type="image/png")
