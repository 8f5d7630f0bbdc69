print("auth-desktop")
