export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1c5dbf" />
      <path d="M9 22 L16 8 L23 22" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M12 17h8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
