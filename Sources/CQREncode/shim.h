#pragma once
// libqrencode (pkg-config libqrencode): the QR code of the command line's device sign-in prompt.
#include <qrencode.h>
