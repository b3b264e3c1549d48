// depyf._core: the CPython extension. Kept thin: parse arguments, call the
// core, convert results; every C++ exception becomes a Python exception so
// bad input can never take down the user's process.
#include <optional>
#include <Python.h>

#include <new>
#include <string>
#include <string_view>

#include "bindings/live_code_adapter.hpp"
#include "bindings/py_ref.hpp"
#include "code/error.hpp"
#include "decompile/decompiler.hpp"
#include "disasm/listing.hpp"
#include "ir/ir_dump.hpp"
#include "marshal/marshal_reader.hpp"
#include "marshal/pyc_file.hpp"

namespace depyf::bindings {

namespace {

PyObject* g_decompilation_error = nullptr;

std::string_view bytes_view(PyObject* data) {
  if (!PyBytes_Check(data)) throw Error("expected bytes");
  char* buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(data, &buffer, &size) < 0) throw PythonErrorAlreadySet{};
  return std::string_view(buffer, static_cast<std::size_t>(size));
}

PyObject* to_python_str(const std::string& text) {
  // Constants' lone surrogates travel as surrogatepass UTF-8.
  PyObject* result = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogatepass");
  if (result == nullptr) {
    PyErr_Clear();
    result = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
  }
  return result;
}

// Error texts may quote bytes of the corrupt input: never let turning the
// message into a str fail (that would replace our exception with another).
void set_error(PyObject* type, const std::string& message) {
  PyObject* text = PyUnicode_DecodeUTF8(message.data(), static_cast<Py_ssize_t>(message.size()), "backslashreplace");
  if (text == nullptr) {
    PyErr_Clear();
    PyErr_SetString(type, "error message could not be decoded");
    return;
  }
  PyErr_SetObject(type, text);
  Py_DECREF(text);
}

// Runs `body` and maps every C++ exception to a Python one.
template <typename Body>
PyObject* guarded(Body&& body) {
  try {
    return body();
  } catch (const PythonErrorAlreadySet&) {
    return nullptr;
  } catch (const Error& error) {
    set_error(g_decompilation_error, error.what());
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& error) {
    set_error(g_decompilation_error, std::string("internal error: ") + error.what());
  } catch (...) {
    PyErr_SetString(g_decompilation_error, "internal error: unknown exception");
  }
  return nullptr;
}

std::string listing(const CodeObject& code, bool as_json) { return as_json ? json_listing(code) : text_listing(code); }

// The core needs no interpreter, so long work on bytes runs without the GIL.
template <typename Work>
std::string without_gil(Work&& work) {
  PyThreadState* state = PyEval_SaveThread();
  try {
    std::string result = work();
    PyEval_RestoreThread(state);
    return result;
  } catch (...) {
    PyEval_RestoreThread(state);
    throw;
  }
}

PyObject* disassemble_pyc(PyObject*, PyObject* args) {
  PyObject* data = nullptr;
  int as_json = 0;
  if (!PyArg_ParseTuple(args, "Op:disassemble_pyc", &data, &as_json)) return nullptr;
  return guarded([&] {
    std::string_view bytes = bytes_view(data);
    PyRef keep = PyRef::borrow(data);
    return to_python_str(without_gil([&] { return listing(*read_pyc(bytes).code, as_json != 0); }));
  });
}

PyObject* disassemble_marshal(PyObject*, PyObject* args) {
  PyObject* data = nullptr;
  int minor = 0;
  int as_json = 0;
  if (!PyArg_ParseTuple(args, "Oip:disassemble_marshal", &data, &minor, &as_json)) return nullptr;
  return guarded([&] {
    const PythonVersion version{3, minor};
    if (!is_supported(version)) throw Error("unsupported Python version " + version.to_string() + " (supported: 3.8 to 3.15)");
    std::string_view bytes = bytes_view(data);
    PyRef keep = PyRef::borrow(data);
    return to_python_str(without_gil([&] { return listing(*read_marshal_code(bytes, version), as_json != 0); }));
  });
}

PyObject* disassemble_code(PyObject*, PyObject* args) {
  PyObject* code = nullptr;
  int as_json = 0;
  if (!PyArg_ParseTuple(args, "Op:disassemble_code", &code, &as_json)) return nullptr;
  return guarded([&] {
    CodePtr adapted = adapt_live_code(code);
    return to_python_str(without_gil([&] { return listing(*adapted, as_json != 0); }));
  });
}

std::optional<std::string> optional_utf8(PyObject* text, const char* what) {
  if (text == nullptr || text == Py_None) return std::nullopt;
  if (!PyUnicode_Check(text)) throw Error(std::string(what) + " must be a str");
  PyRef encoded = checked(PyUnicode_AsEncodedString(text, "utf-8", "strict"));
  return std::string(bytes_view(encoded.get()));
}

decompile::DecompileOptions decompile_options(int indentation, PyObject* function_name, PyObject* temp_prefix) {
  decompile::DecompileOptions options;
  options.indent = std::string(static_cast<std::size_t>(indentation < 0 ? 0 : indentation), ' ');
  options.function_name = optional_utf8(function_name, "function name");
  if (auto prefix = optional_utf8(temp_prefix, "temp_prefix")) {
    if (prefix->empty()) throw Error("temp_prefix must not be empty");
    options.temp_prefix = *prefix;
  }
  return options;
}

PyObject* decompile_code(PyObject*, PyObject* args) {
  PyObject* code = nullptr;
  int indentation = 4;
  PyObject* function_name = nullptr;
  PyObject* temp_prefix = nullptr;
  if (!PyArg_ParseTuple(args, "O|iOO:decompile_code", &code, &indentation, &function_name, &temp_prefix))
    return nullptr;
  return guarded([&] {
    CodePtr adapted = adapt_live_code(code);
    const auto options = decompile_options(indentation, function_name, temp_prefix);
    return to_python_str(without_gil([&] { return decompile::decompile_source(*adapted, options); }));
  });
}

// The fallback switches of decompile_pyc/decompile_marshal: whether nested
// functions that cannot be decompiled keep their bytecode, and which
// functions to treat that way regardless (a sequence of str, for tests).
decompile::DecompileOptions fallback_options(int keep_original_code, PyObject* treat_as_undecompilable) {
  decompile::DecompileOptions options;
  options.keep_original_code = keep_original_code != 0;
  if (treat_as_undecompilable != nullptr && treat_as_undecompilable != Py_None) {
    PyRef items = checked(PySequence_Tuple(treat_as_undecompilable));
    for (Py_ssize_t i = 0; i < PyTuple_Size(items.get()); ++i) {
      if (auto name = optional_utf8(PyTuple_GetItem(items.get(), i), "function name"))
        options.treat_as_undecompilable.push_back(*name);
    }
  }
  return options;
}

PyObject* decompile_pyc(PyObject*, PyObject* args) {
  PyObject* data = nullptr;
  int keep_original_code = 1;
  PyObject* treat = nullptr;
  if (!PyArg_ParseTuple(args, "O|pO:decompile_pyc", &data, &keep_original_code, &treat)) return nullptr;
  return guarded([&] {
    const auto options = fallback_options(keep_original_code, treat);
    std::string_view bytes = bytes_view(data);
    PyRef keep = PyRef::borrow(data);
    return to_python_str(without_gil([&] { return decompile::decompile_source(*read_pyc(bytes).code, options); }));
  });
}

PyObject* decompile_marshal(PyObject*, PyObject* args) {
  PyObject* data = nullptr;
  int minor = 0;
  int keep_original_code = 1;
  PyObject* treat = nullptr;
  if (!PyArg_ParseTuple(args, "Oi|pO:decompile_marshal", &data, &minor, &keep_original_code, &treat)) return nullptr;
  return guarded([&] {
    const PythonVersion version{3, minor};
    if (!is_supported(version)) throw Error("unsupported Python version " + version.to_string() + " (supported: 3.8 to 3.15)");
    const auto options = fallback_options(keep_original_code, treat);
    std::string_view bytes = bytes_view(data);
    PyRef keep = PyRef::borrow(data);
    return to_python_str(
        without_gil([&] { return decompile::decompile_source(*read_marshal_code(bytes, version), options); }));
  });
}

PyObject* dump_ir(PyObject*, PyObject* args) {
  PyObject* code = nullptr;
  if (!PyArg_ParseTuple(args, "O:_dump_ir", &code)) return nullptr;
  return guarded([&] {
    CodePtr adapted = adapt_live_code(code);
    return to_python_str(ir::dump(ir::normalise(*adapted)));
  });
}

PyObject* pyc_header(PyObject*, PyObject* args) {
  PyObject* data = nullptr;
  if (!PyArg_ParseTuple(args, "O:pyc_header", &data)) return nullptr;
  return guarded([&] {
    const PycHeader header = read_pyc_header(bytes_view(data));
    return Py_BuildValue("{s:i,s:i,s:i,s:O}", "major", header.version.major, "minor", header.version.minor, "magic",
                         static_cast<int>(header.magic), "hash_based", header.hash_based ? Py_True : Py_False);
  });
}

PyMethodDef kMethods[] = {
    {"disassemble_pyc", disassemble_pyc, METH_VARARGS,
     "disassemble_pyc(data: bytes, as_json: bool) -> str\n\nListing of a whole .pyc file's bytes."},
    {"disassemble_marshal", disassemble_marshal, METH_VARARGS,
     "disassemble_marshal(data: bytes, minor: int, as_json: bool) -> str\n\n"
     "Listing of marshal.dumps(code) data written by Python 3.<minor>."},
    {"disassemble_code", disassemble_code, METH_VARARGS,
     "disassemble_code(code, as_json: bool) -> str\n\nListing of a live code object of the running interpreter."},
    {"decompile_code", decompile_code, METH_VARARGS,
     "decompile_code(code, indentation=4, function_name=None, temp_prefix='__temp_') -> str\n\n"
     "Source of a live code object: a function's full def, a module's or class body's statements."},
    {"decompile_pyc", decompile_pyc, METH_VARARGS,
     "decompile_pyc(data: bytes, keep_original_code: bool = True, treat_as_undecompilable=()) -> str\n\n"
     "Source of a whole .pyc file."},
    {"decompile_marshal", decompile_marshal, METH_VARARGS,
     "decompile_marshal(data: bytes, minor: int, keep_original_code: bool = True, treat_as_undecompilable=()) -> str\n\n"
     "Source of marshal.dumps(code) data from Python 3.<minor>."},
    {"_dump_ir", dump_ir, METH_VARARGS, "_dump_ir(code) -> str\n\nThe decompiler's normalised IR (debugging aid)."},
    {"pyc_header", pyc_header, METH_VARARGS, "pyc_header(data: bytes) -> dict\n\nThe parsed header of a .pyc file."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef kModule = {
    PyModuleDef_HEAD_INIT, "_core", "depyf's C++ core: bytecode reading, disassembly, decompilation.", -1, kMethods,
    nullptr, nullptr, nullptr, nullptr,
};

}  // namespace

}  // namespace depyf::bindings

PyMODINIT_FUNC PyInit__core(void) {
  using namespace depyf::bindings;
  PyObject* module = PyModule_Create(&kModule);
  if (module == nullptr) return nullptr;
  if (!init_live_code_adapter()) {
    Py_DECREF(module);
    return nullptr;
  }
  g_decompilation_error = PyErr_NewExceptionWithDoc(
      "depyf.DecompilationError", "Raised when depyf cannot read, disassemble or decompile its input.", nullptr,
      nullptr);
  if (g_decompilation_error == nullptr) {
    Py_DECREF(module);
    return nullptr;
  }
  Py_INCREF(g_decompilation_error);
  if (PyModule_AddObject(module, "DecompilationError", g_decompilation_error) < 0) {
    Py_DECREF(g_decompilation_error);
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
