#include "xdnd_drop.hpp"

#include <X11/Xatom.h>
#include <X11/Xlib.h>

#include <chrono>

namespace ripple::test {
namespace {

struct Atoms {
  Atom aware, enter, position, status, drop, finished, selection, actionCopy, uriList;
  explicit Atoms(Display* d)
      : aware(XInternAtom(d, "XdndAware", False)),
        enter(XInternAtom(d, "XdndEnter", False)),
        position(XInternAtom(d, "XdndPosition", False)),
        status(XInternAtom(d, "XdndStatus", False)),
        drop(XInternAtom(d, "XdndDrop", False)),
        finished(XInternAtom(d, "XdndFinished", False)),
        selection(XInternAtom(d, "XdndSelection", False)),
        actionCopy(XInternAtom(d, "XdndActionCopy", False)),
        uriList(XInternAtom(d, "text/uri-list", False)) {}
};

void send(Display* d, Window target, Atom type, long l0, long l1, long l2, long l3, long l4) {
  XEvent e{};
  e.xclient.type = ClientMessage;
  e.xclient.display = d;
  e.xclient.window = target;
  e.xclient.message_type = type;
  e.xclient.format = 32;
  e.xclient.data.l[0] = l0;
  e.xclient.data.l[1] = l1;
  e.xclient.data.l[2] = l2;
  e.xclient.data.l[3] = l3;
  e.xclient.data.l[4] = l4;
  XSendEvent(d, target, False, NoEventMask, &e);
  XFlush(d);
}

}  // namespace

std::string dropFileOnWindow(unsigned long target, int x, int y, const std::string& path) {
  Display* d = XOpenDisplay(nullptr);
  if (!d) return "cannot open the X display";
  const Atoms a(d);
  Window source = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
  XSetSelectionOwner(d, a.selection, source, CurrentTime);

  // The drop point in root coordinates.
  int rootX = 0, rootY = 0;
  Window child;
  XTranslateCoordinates(d, target, DefaultRootWindow(d), x, y, &rootX, &rootY, &child);

  send(d, target, a.enter, long(source), 5L << 24, long(a.uriList), 0, 0);
  send(d, target, a.position, long(source), 0, (long(rootX) << 16) | rootY, CurrentTime, long(a.actionCopy));

  std::string result = "no XdndFinished from the window within 5 s";
  bool dropped = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!XPending(d)) {
      XFlush(d);
      struct timespec pause {
        0, 10 * 1000 * 1000
      };
      nanosleep(&pause, nullptr);
      continue;
    }
    XEvent e;
    XNextEvent(d, &e);
    if (e.type == ClientMessage && e.xclient.message_type == a.status && !dropped) {
      if (!(e.xclient.data.l[1] & 1)) {
        result = "the window refused the drop";
        break;
      }
      send(d, target, a.drop, long(source), 0, CurrentTime, 0, 0);
      dropped = true;
    } else if (e.type == SelectionRequest) {
      // The window asks for the data: the file's URI, as text/uri-list.
      const std::string uri = "file://" + path + "\r\n";
      XSelectionRequestEvent& req = e.xselectionrequest;
      XChangeProperty(d, req.requestor, req.property, req.target, 8, PropModeReplace,
                      reinterpret_cast<const unsigned char*>(uri.data()), int(uri.size()));
      XEvent reply{};
      reply.xselection.type = SelectionNotify;
      reply.xselection.display = d;
      reply.xselection.requestor = req.requestor;
      reply.xselection.selection = req.selection;
      reply.xselection.target = req.target;
      reply.xselection.property = req.property;
      reply.xselection.time = req.time;
      XSendEvent(d, req.requestor, False, NoEventMask, &reply);
      XFlush(d);
    } else if (e.type == ClientMessage && e.xclient.message_type == a.finished) {
      result.clear();
      break;
    }
  }
  XDestroyWindow(d, source);
  XCloseDisplay(d);
  return result;
}

}  // namespace ripple::test
