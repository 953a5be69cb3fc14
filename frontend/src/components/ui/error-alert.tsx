/** A failed load shown in place (role alert): a short title and the reason. */
export function ErrorAlert({
  title,
  message,
  className = 'mt-3',
}: {
  title: string;
  message: string;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`${className} rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
    </div>
  );
}
