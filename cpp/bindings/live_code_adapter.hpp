// The second front end: builds a CodeObject from a live code object of the
// running interpreter by reading its co_* attributes. marshal.dumps is not
// used for the whole object because it fails on constants with no literal
// form, which Dynamo puts into co_consts; those become Opaque constants.
#pragma once

#include <Python.h>

#include "code/code_object.hpp"

namespace depyf::bindings {

// Must be called once at module init (caches the code type and version).
bool init_live_code_adapter();

// True if `object` is exactly a code object.
bool is_code_object(PyObject* object);

// Throws depyf::Error for objects that are not usable as code, or
// PythonErrorAlreadySet when a Python call fails.
CodePtr adapt_live_code(PyObject* code);

PythonVersion running_python_version();

}  // namespace depyf::bindings
