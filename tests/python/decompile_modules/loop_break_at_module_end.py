"""A module ending in a loop whose try/else breaks: the break reaches the
module's implicit return, which must stay a break (a module cannot return)."""
import sys

attempts = 0
while True:
    try:
        attempts += 1
        sys.stdout.flush()
    except KeyboardInterrupt:
        if attempts > 3:
            attempts = 0
        continue
    else:
        break
