// Owning reference to a PyObject, so every early return and every C++
// exception releases what it holds. Limited API only (abi3 build).
#pragma once

#include <Python.h>

#include <string>
#include <utility>

namespace depyf::bindings {

class PyRef {
 public:
  PyRef() = default;
  // Takes ownership of a new reference (nullptr allowed).
  static PyRef steal(PyObject* object) { return PyRef(object); }
  static PyRef borrow(PyObject* object) {
    Py_XINCREF(object);
    return PyRef(object);
  }
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;
  PyRef(PyRef&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
  PyRef& operator=(PyRef&& other) noexcept {
    if (this != &other) {
      Py_XDECREF(object_);
      object_ = std::exchange(other.object_, nullptr);
    }
    return *this;
  }
  ~PyRef() { Py_XDECREF(object_); }

  PyObject* get() const { return object_; }
  PyObject* release() { return std::exchange(object_, nullptr); }
  explicit operator bool() const { return object_ != nullptr; }

 private:
  explicit PyRef(PyObject* object) : object_(object) {}
  PyObject* object_ = nullptr;
};

// Thrown when a Python API call failed and left a Python exception set; the
// module's entry points let that exception propagate unchanged.
struct PythonErrorAlreadySet {};

// Returns `object` or throws PythonErrorAlreadySet if it is null.
inline PyRef checked(PyObject* object) {
  if (object == nullptr) throw PythonErrorAlreadySet{};
  return PyRef::steal(object);
}

}  // namespace depyf::bindings
