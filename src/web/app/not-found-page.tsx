import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-10 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-slate-600 dark:text-slate-300">
        The page you are looking for does not exist.
      </p>
      <Link to="/" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
        Go to the home page
      </Link>
    </div>
  );
}
