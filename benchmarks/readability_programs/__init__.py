"""The readability benchmark's programs, in the order the report lists them.

Each name is a module of this package that follows `program_api`.
"""

PROGRAMS = (
    "toy_example",
    "break_item",
    "break_print",
    "break_in_loop",
    "break_in_no_grad",
    "break_in_nested_call",
    "two_breaks",
    "closures",
    "dynamic_shapes",
    "transformer_block",
    "training_step",
    "hf_gpt2",
    "hf_llama",
    "hf_bert",
)
