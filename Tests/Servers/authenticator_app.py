"""The user's authenticator app in the second-factor tests: pyotp reads the otpauth:// URI that
`auth-desktop mfa enroll totp` shows (as a phone reads its QR code) and prints the current code.

Usage: authenticator_app.py [STEPS_AHEAD]; the URI comes on stdin (it holds the secret: never argv).
STEPS_AHEAD (default 0) gives the code of a later 30-second step, as an authenticator whose clock
runs that many steps fast would: the emulator accepts one step either way, and a code only once, so a
test signs in right after enrolling with the next step's code instead of waiting for it.
"""

import sys
import time

import pyotp


def main():
    ahead = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    totp = pyotp.parse_uri(sys.stdin.readline().strip())
    print(totp.at(time.time() + ahead * totp.interval))


if __name__ == "__main__":
    main()
