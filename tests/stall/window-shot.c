/* SPDX-License-Identifier: GPL-2.0-or-later */
/* window-shot: saves a rectangle of an X window as a PNG file, as
 * ImageMagick's `import -window ID -crop WxH+X+Y` would, but without
 * grabbing the server: import holds a server grab for its whole capture
 * (hundreds of ms on a loaded machine), and the program under test, whose
 * next request waits for the server meanwhile, would be charged with a
 * stall that the stall tests count as its own.
 * usage: window-shot WINDOW-ID WIDTHxHEIGHT+X+Y FILE.png */
#include <gdk/gdkx.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int width, height, x, y;
  g_autoptr (GError) error = NULL;

  gdk_init (&argc, &argv);
  if (argc != 4 || sscanf (argv[2], "%dx%d+%d+%d", &width, &height, &x, &y) != 4
      || width <= 0 || height <= 0)
    {
      fprintf (stderr, "usage: window-shot WINDOW-ID WIDTHxHEIGHT+X+Y FILE.png\n");
      return 2;
    }
  GdkDisplay *display = gdk_display_get_default ();
  if (!GDK_IS_X11_DISPLAY (display))
    {
      fprintf (stderr, "window-shot: not an X display\n");
      return 1;
    }
  GdkWindow *window = gdk_x11_window_foreign_new_for_display (display,
                                                              strtoul (argv[1], NULL, 0));
  if (window == NULL)
    {
      fprintf (stderr, "window-shot: %s: no such window\n", argv[1]);
      return 1;
    }
  /* (clipped to the window: the rest would be undefined) */
  width = MIN (width, gdk_window_get_width (window) - x);
  height = MIN (height, gdk_window_get_height (window) - y);
  g_autoptr (GdkPixbuf) shot = width > 0 && height > 0
                               ? gdk_pixbuf_get_from_window (window, x, y, width, height) : NULL;
  if (shot == NULL)
    {
      fprintf (stderr, "window-shot: %s: the window could not be read\n", argv[1]);
      return 1;
    }
  if (!gdk_pixbuf_save (shot, argv[3], "png", &error, NULL))
    {
      fprintf (stderr, "window-shot: %s: %s\n", argv[3], error->message);
      return 1;
    }
  return 0;
}
