"""A with statement ending module code: 3.10+ copy the implicit return into
its body after the exit call; module code cannot return, so that copy must
not be printed (aifc on 3.10 came out with `return None` at module level)."""
import sys

if __name__ == "__main__":
    with open(sys.argv[0]) as f:
        print(1)
        if sys.argv[2:]:
            print(2)
            while 1:
                data = f.read()
                if not data:
                    break
            print("Done.")
