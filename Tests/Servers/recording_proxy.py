"""A minimal HTTP proxy (or, with --silent, a listener that never answers) for the transport tests: prints its port, appends each request line to the file
named by argv[1], answers absolute-form GETs with `proxied:<request line>` and refuses CONNECT (so an
https request proves it was sent to the proxy without any TLS). Exits when stdin closes."""
import socket
import sys
import threading

SILENT = "--silent" in sys.argv
HELD = []


def handle(connection, log_path):
    if SILENT:
        HELD.append(connection)  # accept and never answer: for timeout tests
        return
    line = connection.recv(65536).split(b"\r\n")[0]
    with open(log_path, "ab") as log:
        log.write(line + b"\n")
    if line.startswith(b"CONNECT"):
        connection.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    else:
        body = b"proxied:" + line
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
    connection.close()


def main():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    print(server.getsockname()[1], flush=True)

    def serve():
        while True:
            connection, _ = server.accept()
            threading.Thread(target=handle, args=(connection, sys.argv[1]), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    sys.stdin.read()


if __name__ == "__main__":
    main()
