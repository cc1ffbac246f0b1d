// SPDX-License-Identifier: GPL-2.0
/*
 * ttyctl - the tty requests the guest tests make that busybox has no
 * applet for.  Built static against the kernel tree's nolibc
 * (tools/include/nolibc), so that it adds kilobytes, not a libc, to the
 * initramfs the benchmarks boot too.
 *
 *   ttyctl TTY mget     print the modem lines (TIOCMGET), in hex
 *   ttyctl TTY break    send a break (TCSBRK 0)
 *   ttyctl TTY lsr      print the line status (TIOCSERGETLSR), in hex
 *   ttyctl TTY serial   write back the serial settings read (TIOCSSERIAL)
 *   ttyctl TTY mwait    wait for a modem input to change (TIOCMIWAIT)
 *
 * The tty is opened without becoming the controlling terminal and without
 * waiting for carrier.  A failed request prints its errno and exits 1.
 */
#include "nolibc.h"
#include <linux/serial.h>
#include <linux/termios.h>

static int fail(const char *what)
{
	perror(what);
	return 1;
}

int main(int argc, char **argv)
{
	struct serial_struct ss;
	unsigned int v;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: ttyctl TTY mget|break|lsr|serial|mwait\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return fail(argv[1]);
	if (!strcmp(argv[2], "mget")) {
		if (ioctl(fd, TIOCMGET, &v))
			return fail("TIOCMGET");
		printf("0x%x\n", v);
	} else if (!strcmp(argv[2], "break")) {
		if (ioctl(fd, TCSBRK, 0))
			return fail("TCSBRK");
	} else if (!strcmp(argv[2], "lsr")) {
		if (ioctl(fd, TIOCSERGETLSR, &v))
			return fail("TIOCSERGETLSR");
		printf("0x%x\n", v);
	} else if (!strcmp(argv[2], "serial")) {
		if (ioctl(fd, TIOCGSERIAL, &ss))
			return fail("TIOCGSERIAL");
		if (ioctl(fd, TIOCSSERIAL, &ss))
			return fail("TIOCSSERIAL");
	} else if (!strcmp(argv[2], "mwait")) {
		if (ioctl(fd, TIOCMIWAIT,
			  (void *)(TIOCM_RNG | TIOCM_DSR | TIOCM_CD | TIOCM_CTS)))
			return fail("TIOCMIWAIT");
	} else {
		fprintf(stderr, "ttyctl: unknown request %s\n", argv[2]);
		return 2;
	}
	return close(fd) ? fail("close") : 0;
}
